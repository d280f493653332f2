// The participants export's 'Telefone' column and 'Ocultar parte dos telefones' (docs/import.md,
// "Phones"): the file as SheetJS reads it back, on the app's own database (fake IndexedDB).
import 'fake-indexeddb/auto'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { drawOverview } from '@/db/draw-queries'
import { finishRound, invalidateWinner, startDraw } from '@/db/draws'
import { addPeople } from '@/db/participants'
import { promoteAlternate } from '@/db/promote'
import { createRaffle, type NewRaffle } from '@/db/raffles'
import { db, type RaffleRow } from '@/db/schema'
import { exportBlob, type ExportOptions, type ExportWhat } from '@/features/manage-raffle/import-export/export-file'
import { ANA } from '@/sync/testing/helpers'

const input: NewRaffle = { title: 'Rifa', description: '', type: 'tickets', winnersCount: 1, countdownSeconds: 0 }

// jsdom's Blob has no arrayBuffer(): read it as a page would before that existed.
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(blob)
  })
}

async function rows(raffle: RaffleRow, options?: ExportOptions, what: ExportWhat = 'participants'): Promise<unknown[][]> {
  const bytes = await bytesOf(await exportBlob(raffle, what, 'xlsx', options))
  const book = XLSX.read(bytes, { type: 'array' })
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true, defval: null })
}

describe('participants export: phones', () => {
  it("writes a 'Telefone' column as shown, and masks it when the organiser chooses", async () => {
    const raffle = await createRaffle(ANA, input)
    await addPeople(ANA, raffle.id, [{ name: 'Ana', phone: '(11) 91234-5678', quantity: 2 }, { name: 'Bia' }, { name: 'Carl', phone: '+44 20 7946 0958' }])
    expect(await rows(raffle)).toEqual([
      ['Nome', 'Email', 'Bilhete', 'Participante', 'Telefone'],
      ['Ana', null, '001', 1, '+55 11 91234-5678'],
      ['Ana', null, '002', 1, '+55 11 91234-5678'],
      ['Bia', null, '003', 2, null],
      ['Carl', null, '004', 3, '+442079460958'],
    ])
    const masked = await rows(raffle, { maskPhones: true })
    expect(masked.map((r) => r[4])).toEqual(['Telefone', '+55 11 •••••-5678', '+55 11 •••••-5678', null, '+442•••••0958'])
  })

  it('has no phone column when nobody has a phone: files stay as they were', async () => {
    const raffle = await createRaffle(ANA, { ...input, type: 'simple' })
    await addPeople(ANA, raffle.id, [{ name: 'Ana', email: 'ana@exemplo.com' }])
    expect(await rows(raffle, { maskPhones: true })).toEqual([
      ['Nome', 'Email', 'Participante'],
      ['Ana', 'ana@exemplo.com', 1],
    ])
  })
})

describe('winners export: prizes, alternates and calls', () => {
  const people = ['Ana', 'Bia', 'Caio', 'Duda', 'Edu', 'Fabi'].map((name) => ({ name }))
  const when = (ms: number | null | undefined) => new Date(ms!).toLocaleString('pt-BR')

  it('lists the alternates after the winners, and which one took which place and when', async () => {
    const raffle = await createRaffle(ANA, { ...input, winnersCount: 2, alternatesCount: 2, prizes: [{ position: 2, name: 'Cesta básica' }] })
    await addPeople(ANA, raffle.id, people)
    const round = await startDraw(ANA, raffle.id, { offline: true })
    await finishRound(ANA, round.id)
    await invalidateWinner(ANA, raffle.id, `${round.id}:2`, 'Não veio')
    const called = await promoteAlternate(ANA, raffle.id, 2)
    const { winners, alternates } = await drawOverview(raffle.id)
    const [w1, lost, took] = winners
    const [a1, a2] = alternates
    const invalidatedAt = (await db.winners.get(`${round.id}:2`))!.invalidatedAt

    expect(await rows((await db.raffles.get(raffle.id))!, {}, 'winners')).toEqual([
      ['Posição', 'Prêmio', 'Nome', 'Email', 'Bilhete', 'Situação', 'Origem', 'Chamado em', 'Motivo', 'Invalidado em'],
      [1, null, w1!.name, null, w1!.ticketNumber, 'Válido', 'Sorteado', null, null, null],
      [2, 'Cesta básica', lost!.name, null, lost!.ticketNumber, 'Invalidado', 'Sorteado', null, 'Não veio', when(invalidatedAt)],
      [2, 'Cesta básica', took!.name, null, took!.ticketNumber, 'Válido', 'Suplente chamado (1º suplente)', when(called.promotedAt), null, null],
      ['1º suplente', null, a1!.name, null, a1!.ticketNumber, 'Chamado para o 2º lugar', 'Suplente', when(called.promotedAt), null, null],
      ['2º suplente', null, a2!.name, null, a2!.ticketNumber, 'Não chamado', 'Suplente', null, null, null],
    ])
    expect(took!.ticketId).toBe(a1!.ticketId)
  })

  it('keeps the columns it had for a raffle drawn without alternates', async () => {
    const raffle = await createRaffle(ANA, { ...input, prizes: [{ position: 1, name: 'Bicicleta' }] })
    await addPeople(ANA, raffle.id, people)
    await finishRound(ANA, (await startDraw(ANA, raffle.id, { offline: true })).id)
    const [w] = (await drawOverview(raffle.id)).winners
    expect(await rows((await db.raffles.get(raffle.id))!, {}, 'winners')).toEqual([
      ['Posição', 'Prêmio', 'Nome', 'Email', 'Bilhete', 'Situação', 'Motivo', 'Invalidado em'],
      [1, 'Bicicleta', w!.name, null, w!.ticketNumber, 'Válido', null, null],
    ])
  })
})

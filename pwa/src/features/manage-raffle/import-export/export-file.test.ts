// The participants export's 'Telefone' column and 'Ocultar parte dos telefones' (docs/import.md,
// "Phones"): the file as SheetJS reads it back, on the app's own database (fake IndexedDB).
import 'fake-indexeddb/auto'
import * as XLSX from '@e965/xlsx'
import { describe, expect, it } from 'vitest'
import { addPeople } from '@/db/participants'
import { createRaffle, type NewRaffle } from '@/db/raffles'
import type { RaffleRow } from '@/db/schema'
import { exportBlob, type ExportOptions } from '@/features/manage-raffle/import-export/export-file'
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

async function rows(raffle: RaffleRow, options?: ExportOptions): Promise<unknown[][]> {
  const bytes = await bytesOf(await exportBlob(raffle, 'participants', 'xlsx', options))
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

// The PDF as a reader sees it: made by the real jsPDF with the embedded fonts, then read back with
// PDF.js. The prizes and alternates come from a fixture (the raffle's own fields arrive later).
import { describe, expect, it } from 'vitest'
import { ataPdf } from '@/components/ata/ata-pdf'
import { federal5732, onlineRound, T0 } from '@/components/ata/test-round'
import { buildAta, type AtaInput } from '@/protocol/ata'

// PDF.js 6 expects Promise.withResolvers (Node 22); the project runs on Node 20.19 too.
;(Promise as unknown as { withResolvers?: unknown }).withResolvers ??= function <T>() {
  let resolve!: (value: T) => void
  let reject!: (reason?: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

// jsdom's Blob has no arrayBuffer(); its FileReader reads it.
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(blob)
  })
}

async function readBack(blob: Blob): Promise<{ text: string; pages: number; pageTexts: string[] }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: await bytesOf(blob) }).promise
  const parts: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages: doc.numPages, pageTexts: parts.map((p) => p.replace(/\s+/g, ' ')) }
}

const input: AtaInput = {
  raffle: { code: 'ABC123', title: 'Quermesse de São João: ação solidária', description: 'Prêmios doados pelo comércio', type: 'tickets', status: 'completed' },
  organiserEmail: 'organização@paróquia.org.br',
  counts: { people: 3, tickets: 3 },
  algorithm: 'sorteio-v1',
  rounds: [onlineRound([1, 2], 3)],
  roundOpen: false,
  winners: [
    { position: 1, roundId: 'r1', name: 'Conceição Araújo', ticketNumber: '001', email: 'conceicao@exemplo.com', valid: false, invalidatedAt: T0 + 60_000 },
    { position: 1, roundId: 'r1', name: 'Zé Ninguém', ticketNumber: '003', email: null, valid: true, invalidatedAt: null, promotedAt: T0 + 120_000 },
    { position: 2, roundId: 'r1', name: 'Inês Brandão', ticketNumber: '002', email: null, valid: true, invalidatedAt: null },
  ],
  winnersCount: 2,
  verifyUrl: 'https://sorteio.example.com/sorteio/ABC123/verificar',
  prizes: ['Bicicleta aro 29', 'Cesta básica'],
  alternates: [{ rank: 1, name: 'Zé Ninguém', ticketNumber: '003', email: null, usedFor: 1 }],
}

describe('ataPdf', () => {
  it('writes every section as text a reader can extract, Portuguese letters included', async () => {
    const ata = buildAta(input)
    if (ata.status !== 'drawn') throw new Error(ata.status)
    const { text, pages } = await readBack(await ataPdf(ata))
    expect(pages).toBe(2)
    for (const line of [
      'Ata do sorteio',
      'Quermesse de São João: ação solidária',
      'Descrição: Prêmios doados pelo comércio',
      'Conta do organizador: organização@paróquia.org.br',
      '1º lugar · Bicicleta aro 29',
      '2º lugar · Cesta básica',
      'Conceição Araújo · Bilhete 001 · co***@e***.com',
      'Lugar preenchido pelo suplente Zé Ninguém',
      'Inês Brandão · Bilhete 002',
      'Suplentes',
      '1º suplente: Zé Ninguém · Bilhete 003 · Chamado para o 1º lugar',
      'https://sorteio.example.com/sorteio/ABC123/verificar',
      'Responsável',
      'Testemunha',
      `Semente do servidor: ${'e'.repeat(64)}`,
      'Realizado em: 26/11/2026, 10:00:04 (Brasília) · 26/11/2026, 13:00:04 UTC',
      'conferir os vencedores a partir das sementes e da lista de bilhetes publicadas, na página:',
    ]) {
      expect(text).toContain(line)
    }
    expect(text).not.toContain('prêmios da Loteria Federal')
  })

  it("dates a draw made without a connection by the device's clock, says so on page 1, and gives the server's receipt beside it", async () => {
    // Drawn at 10:00 on the organiser's phone, whose clock was 3 min 5 s ahead at its last sync;
    // the server received it 40 minutes later, when the Wi-Fi came back.
    const offlineRound = {
      ...onlineRound([1, 2], 3),
      online: false,
      serverSeed: null,
      startedAt: T0 + 2_400_000,
      completedAt: T0 + 2_400_000,
      device: { startedAt: T0, completedAt: T0 + 12_000, clockOffset: -185_000 },
    }
    const ata = buildAta({ ...input, rounds: [offlineRound] })
    if (ata.status !== 'drawn') throw new Error(ata.status)
    const { text, pageTexts } = await readBack(await ataPdf(ata))
    const first = pageTexts[0]!
    for (const line of [
      'Realizado em: 26/11/2026, 10:00:12 (Brasília) · 26/11/2026, 13:00:12 UTC',
      'Sem conexão: Sorteio feito sem conexão com a internet, no aparelho do organizador: o horário acima é o do relógio do aparelho do organizador. O servidor recebeu o resultado em 26/11/2026, 10:40:00 (Brasília).',
      'Na última sincronização antes do sorteio, o relógio do aparelho estava 3 min 5 s adiantado: os horários do aparelho podem estar errados.',
    ]) {
      expect(first).toContain(line)
    }
    for (const line of [
      'Início (relógio do aparelho do organizador): 26/11/2026, 10:00:00 (Brasília)',
      'Resultado (relógio do aparelho do organizador): 26/11/2026, 10:00:12 (Brasília)',
      'Recebido pelo servidor: 26/11/2026, 10:40:00 (Brasília) · 26/11/2026, 13:40:00 UTC',
      'Modo: OFFLINE (só a semente do aparelho do organizador)',
    ]) {
      expect(text).toContain(line)
    }
  })

  it('states a Loteria Federal draw: method, concurso, rule, the five numbers and each step', async () => {
    const ata = buildAta({
      ...input,
      federal: federal5732,
    })
    if (ata.status !== 'drawn') throw new Error(ata.status)
    const { text } = await readBack(await ataPdf(ata))
    for (const line of [
      'Método de sorteio: Loteria Federal',
      'Concurso: 5732',
      'Extração: 18/01/2023',
      '1º prêmio: 50366',
      '5º prêmio: 51105',
      '1º lugar: 1º prêmio 50366 » final 366 » bilhete 366',
      'concurso 5732, extração de 18/01/2023',
      // The line above the address says what a federal draw is recomputed from, not seeds.
      'conferir os vencedores a partir dos prêmios da Loteria Federal e da lista de bilhetes publicados, na página:',
    ]) {
      expect(text).toContain(line)
    }
    expect(text).not.toContain('a partir das sementes')
  })
})

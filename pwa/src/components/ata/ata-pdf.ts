// The ata's PDF, made on the device (offline too) with jsPDF. Loaded only when an ata page opens,
// so no other screen carries the library or the fonts. The fonts are a DejaVu Sans subset with
// every Portuguese letter (fonts/LICENSE.md), inlined in this chunk so nothing is fetched later;
// jsPDF embeds only the glyphs used and writes their Unicode map, so the text can be searched and
// copied from the file.
import { jsPDF } from 'jspdf'
import { loadQrMatrix, QR_QUIET_ZONE } from '@/components/qr/qr-path'
import type { Ata, AtaHolder, AtaTime } from '@/protocol/ata'
import type { AtaFederal } from '@/protocol/ata-federal'
import { DEVICE_CLOCK } from '@/protocol/device-time'
import { ataVerifyText } from '@/protocol/method-text'
import regularUrl from '@/components/ata/fonts/DejaVuSans-latin.ttf?inline'
import boldUrl from '@/components/ata/fonts/DejaVuSans-Bold-latin.ttf?inline'

type DrawnAta = Extract<Ata, { status: 'drawn' }>

const FONT = 'DejaVuSans'
const MARGIN = 16
const PAGE_W = 210
const PAGE_H = 297
const WIDTH = PAGE_W - 2 * MARGIN
const LINE = 0.42 // mm per point of font size, with leading

const base64Of = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1)

class Writer {
  y = MARGIN
  constructor(readonly doc: jsPDF) {}

  space(mm: number) {
    this.y += mm
  }

  /** Starts a new page when `mm` more would not fit. */
  room(mm: number) {
    if (this.y + mm > PAGE_H - MARGIN - 6) this.newPage()
  }

  newPage() {
    this.doc.addPage()
    this.y = MARGIN
  }

  text(text: string, opts: { size?: number; bold?: boolean; indent?: number; gray?: boolean } = {}) {
    const size = opts.size ?? 10
    const indent = opts.indent ?? 0
    this.doc.setFont(FONT, opts.bold ? 'bold' : 'normal')
    this.doc.setFontSize(size)
    this.doc.setTextColor(opts.gray ? 90 : 15)
    const lines = this.doc.splitTextToSize(text, WIDTH - indent) as string[]
    const height = size * LINE
    for (const line of lines) {
      this.room(height)
      this.doc.text(line, MARGIN + indent, this.y + size * 0.35)
      this.y += height
    }
  }

  heading(text: string) {
    this.room(18)
    this.space(3)
    this.text(text, { size: 13, bold: true })
    this.doc.setDrawColor(200)
    this.doc.line(MARGIN, this.y, PAGE_W - MARGIN, this.y)
    this.space(2.5)
  }

  /** "Label: value", the value wrapped under its label when long. */
  field(label: string, value: string) {
    this.text(`${label}: ${value}`)
    this.space(0.6)
  }
}

const both = (t: AtaTime) => `${t.brasilia} · ${t.utc}`

function holderLine(h: AtaHolder): string {
  return [h.name, h.ticketNumber !== null ? `Bilhete ${h.ticketNumber}` : null, h.email].filter(Boolean).join(' · ')
}

function winners(w: Writer, ata: DrawnAta) {
  w.heading('Vencedores')
  for (const p of ata.positions) {
    w.room(16)
    w.text(p.prize !== null ? `${p.label} · ${p.prize}` : p.label, { bold: true, size: 11 })
    if (p.holders.length === 0) w.text('Sem vencedor sorteado.', { indent: 4, gray: true })
    for (const h of p.holders) {
      w.text(holderLine(h), { indent: 4, gray: !h.valid })
      w.text(h.origin, { indent: 4, size: 9, gray: true })
      if (!h.valid) {
        const when = h.invalidated ? ` em ${both(h.invalidated)}` : ''
        w.text(`Invalidado${when}. ${h.then ?? ''}`, { indent: 4, size: 9, gray: true })
      }
    }
    w.space(2)
  }
  if (ata.alternates !== null) {
    w.heading('Suplentes')
    if (ata.alternates.length === 0) w.text('Nenhum suplente sorteado.', { gray: true })
    for (const a of ata.alternates) {
      const parts = [a.name, a.ticketNumber !== null ? `Bilhete ${a.ticketNumber}` : null, a.email, a.usedFor].filter(Boolean)
      w.text(`${a.label}: ${parts.join(' · ')}`)
    }
  }
}

/** A Loteria Federal draw: the extraction, the rule, the five numbers and each winner's step. */
function federalSection(w: Writer, f: AtaFederal) {
  w.heading(`Método de sorteio: ${f.method}`)
  w.field('Concurso', f.concurso)
  w.field('Extração', f.extraction)
  w.field('Regra', f.rule)
  if (f.chance) w.text(f.chance)
  for (const prize of f.prizes) w.text(prize)
  w.space(1)
  // The embedded font is a Latin subset without arrows: '»' reads the same way.
  f.lines.forEach((line, i) => w.text(`${i + 1}º lugar: ${line.replaceAll('→', '»')}`, { size: 9 }))
  w.space(1)
  for (const line of f.replaced) w.text(line, { size: 9 })
  w.text(f.check, { size: 9, gray: true })
}

async function verification(w: Writer, ata: DrawnAta) {
  const side = 36
  w.heading('Verificação')
  w.room(side + 4)
  const { size, isDark } = await loadQrMatrix(ata.verifyUrl)
  const cell = side / (size + 2 * QR_QUIET_ZONE)
  const top = w.y
  w.doc.setFillColor(0, 0, 0)
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (isDark(r, c)) w.doc.rect(MARGIN + (c + QR_QUIET_ZONE) * cell, top + (r + QR_QUIET_ZONE) * cell, cell, cell, 'F')
    }
  }
  const textX = MARGIN + side + 4
  w.doc.setFont(FONT, 'normal')
  w.doc.setFontSize(10)
  w.doc.setTextColor(15)
  const intro = w.doc.splitTextToSize(ataVerifyText(ata.federal != null), WIDTH - side - 4) as string[]
  let y = top + 6
  for (const line of intro) {
    w.doc.text(line, textX, y)
    y += 4.2
  }
  w.doc.setTextColor(76, 29, 149)
  for (const line of w.doc.splitTextToSize(ata.verifyUrl, WIDTH - side - 4) as string[]) {
    w.doc.textWithLink(line, textX, y + 1, { url: ata.verifyUrl })
    y += 4.2
  }
  w.y = Math.max(top + side, y) + 4
}

function signatures(w: Writer, ata: DrawnAta) {
  w.room(30)
  w.space(18)
  const gap = 12
  const each = (WIDTH - gap * (ata.signatures.length - 1)) / ata.signatures.length
  w.doc.setDrawColor(40, 40, 40)
  w.doc.setFont(FONT, 'normal')
  w.doc.setFontSize(10)
  w.doc.setTextColor(15)
  ata.signatures.forEach((role, i) => {
    const x = MARGIN + i * (each + gap)
    w.doc.line(x, w.y, x + each, w.y)
    w.doc.text(role, x + each / 2, w.y + 5, { align: 'center' })
  })
  w.space(10)
}

function rounds(w: Writer, ata: DrawnAta) {
  w.newPage()
  w.heading('Registro técnico das rodadas')
  w.text('A impressão digital identifica a lista de bilhetes; cada semente foi publicada só depois do seu compromisso.', { gray: true, size: 9 })
  for (const r of ata.rounds) {
    w.room(60)
    w.space(3)
    w.text(`Rodada ${r.number}: ${r.title}`, { bold: true, size: 11 })
    w.field(r.onDevice ? `Início (${DEVICE_CLOCK})` : 'Início', both(r.started))
    w.field(r.onDevice ? `Resultado (${DEVICE_CLOCK})` : 'Resultado', both(r.completed))
    if (r.received) w.field('Recebido pelo servidor', both(r.received))
    if (r.clockNote) w.field('Atenção', r.clockNote)
    w.field('Modo', r.mode)
    w.field('Algoritmo', ata.algorithm)
    w.field('Bilhetes na lista', String(r.poolSize))
    w.field('Impressão digital da lista', r.poolDigest)
    w.field('Compromisso do organizador', r.clientCommitment)
    w.field('Semente do organizador', r.clientSeed)
    w.field('Compromisso do servidor', r.serverCommitment)
    w.field('Semente do servidor', r.serverSeed)
  }
}

function footers(doc: jsPDF, ata: DrawnAta) {
  const pages = doc.getNumberOfPages()
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i)
    doc.setFont(FONT, 'normal')
    doc.setFontSize(8)
    doc.setTextColor(110)
    doc.text(`Ata do sorteio ${ata.code} · página ${i} de ${pages}`, PAGE_W / 2, PAGE_H - 8, { align: 'center' })
  }
}

/** The ata as an A4 PDF. */
export async function ataPdf(ata: DrawnAta): Promise<Blob> {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true })
  doc.addFileToVFS(`${FONT}.ttf`, base64Of(regularUrl))
  doc.addFont(`${FONT}.ttf`, FONT, 'normal')
  doc.addFileToVFS(`${FONT}-Bold.ttf`, base64Of(boldUrl))
  doc.addFont(`${FONT}-Bold.ttf`, FONT, 'bold')
  doc.setLanguage('pt-BR')
  doc.setDocumentProperties({ title: `Ata do sorteio ${ata.code}: ${ata.title}`, subject: 'Ata do sorteio', creator: 'Sorteio' })

  const w = new Writer(doc)
  w.text('Ata do sorteio', { size: 20, bold: true })
  w.space(1)
  w.text(ata.title, { size: 13, bold: true })
  w.text(`Código ${ata.code}`, { size: 11 })
  w.heading('Dados do sorteio')
  w.field('Título', ata.title)
  w.field('Código', ata.code)
  w.field('Tipo', ata.type)
  w.field('Descrição', ata.description || 'Sem descrição')
  if (ata.organiserEmail !== null) w.field('Conta do organizador', ata.organiserEmail)
  w.field('Participantes', String(ata.people))
  w.field('Bilhetes', String(ata.tickets))
  w.field('Realizado em', both(ata.drawnAt))
  if (ata.offlineNote) w.field('Sem conexão', ata.offlineNote)
  if (ata.federal) federalSection(w, ata.federal)
  winners(w, ata)
  await verification(w, ata)
  signatures(w, ata)
  rounds(w, ata)
  footers(doc, ata)
  return doc.output('blob')
}

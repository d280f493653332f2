// Writes the import fixtures of sync/testdata/import/ (run from pwa/: node scripts/make-import-fixtures.mjs).
// CSV bytes are written exactly (encodings, BOMs, line ends); spreadsheets with SheetJS; the
// password-protected .xlsx is written by excelize (see sync/importfile/fixtures_test.go).
import { writeFileSync } from 'node:fs'
import * as XLSX from '@e965/xlsx'

const dir = new URL('../../sync/testdata/import/', import.meta.url)
const put = (name, bytes) => writeFileSync(new URL(name, dir), bytes)
const utf8 = (s) => Buffer.from(s, 'utf8')
const bom = (s) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(s)])
// Windows-1252: Latin-1 plus the 0x80–0x9F block used here (curly quotes, euro, Š).
const cp1252 = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, 'Š': 0x8a, 'š': 0x9a }
const win1252 = (s) => Buffer.from(Array.from(s, (c) => cp1252[c] ?? c.charCodeAt(0)))

put('google-comma-bom.csv', bom('Nome,E-mail,Bilhete,Obs\n"Silva, Ana",ana@exemplo.com,10,\nBruno Souza,,,"pagou\nem dinheiro"\n  Carla Dias  ,carla@exemplo.com,,\n'))
put('excel-semicolon-1252.csv', win1252('João da Conceição;3\r\n\r\nZé Müller;1\r\n;;\r\nInês Araújo;2\r\n'))
put('excel-semicolon-cp1252-block.csv', win1252('Renée ‘Rê’ Šimon;2\r\nAndré “Dedé” Gonçalves;1\r\n'))
put('tab-header.csv', utf8('nome\temail\nAna\tana@exemplo.com\n\t\nBruno\t\n'))
put('names-only.csv', utf8('Ana\n\n  Bruno  \nCarla\n'))
put('bad-quantity.csv', utf8('Ana;2\nBruno;dois\n'))
put('zero-quantity.csv', utf8('Ana;0\n'))
put('high-quantity.csv', utf8('Ana;2\nBruno;1001\n'))
put('over-people.csv', utf8('Ana\nBruno\n'))
put('over-tickets.csv', utf8('Ana;1000\nBruno;1\n'))
put('unrecognised.csv', utf8('a;b;c\n1;2;3\n'))
put('no-rows.csv', utf8('nome;email\n;x@exemplo.com\n\n'))
put('repeated-ticket.csv', utf8('nome;bilhete\nAna;7\nBruno;7\n'))
put('name-too-long.csv', utf8(`nome\nAna\n${'x'.repeat(201)}\n`))
put('notes.txt', utf8('Ana\nBruno\n'))
put('pdf-renamed.xlsx', utf8('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'))
put('binary-renamed.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))

function book(rows) {
  const wb = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Participantes')
  return wb
}
const quantities = XLSX.write(book([['Ana Lima', 3], ['Bruno Souza', 2], [], ['Carla Dias', 1]]), { type: 'buffer', bookType: 'xlsx', compression: true })
put('quantities.xlsx', quantities)
put('truncated.xlsx', quantities.subarray(0, Math.floor(quantities.length / 2)))
put('header.xlsx', XLSX.write(book([['Nome', 'Email', 'Bilhete'], ['Ana Lima', 'ana@exemplo.com', 21], ['Bruno Souza', '', '']]), { type: 'buffer', bookType: 'xlsx' }))
put('header.xls', XLSX.write(book([['NOME', 'E-MAIL'], ['José Antônio', 'jose@exemplo.com'], ['Maria', '']]), { type: 'buffer', bookType: 'biff8' }))

// The app's own export (features/manage-raffle/import-export/export-file.ts): one row per ticket and the person
// column, a person's tickets not always together; a blank person cell is a person of its own.
const exported = [
  ['Nome', 'Email', 'Bilhete', 'Participante'],
  ['Ana Lima', 'ana@exemplo.com', '001', 1],
  ['Bruno Souza', '', '002', 2],
  ['Ana Lima', 'ana@exemplo.com', '003', 1],
  ['Ana Lima', '', '004', 3],
  ['Carla Dias', 'carla@exemplo.com', '', ''],
]
put('export-people.csv', bom(exported.map((r) => r.join(';')).join('\r\n') + '\r\n'))
put('export-people.xlsx', XLSX.write(book(exported), { type: 'buffer', bookType: 'xlsx', compression: true }))
put('export-person-changed.csv', utf8('Nome;Email;Bilhete;Participante\nAna Lima;;001;1\nAna Souza;;002;1\n'))

// Lists as organisers have them (docs/import.md, "Columns"): a ticket-sale export of one row per
// ticket grouped by e-mail, a Google Forms export, a ticket platform's 'Nome' + 'Sobrenome', a form
// with a phone column, tickets the raffle already holds, and tickets written ="001" for Excel.
put('grouping-email.csv', utf8('nome,email,bilhete\nAna Lima,ana@exemplo.com,001\nBruno Souza,bruno@exemplo.com,002\nAna Lima,ANA@exemplo.com ,003\nCarla Dias,,004\nCarla Dias,,005\nAna L.,ana@exemplo.com,006\n,zeca@exemplo.com,007\nBruno Souza,bruno@exemplo.com,008\n'))
put('google-forms.csv', bom('Carimbo de data/hora,Endereço de e-mail,Nome completo,Telefone (WhatsApp),Quantos números?\n2026/11/20 10:01:02,ana@exemplo.com,Ana Lima,(11) 91234-5678,3\n2026/11/20 10:05:40,bruno@exemplo.com,Bruno Souza,,1\n2026/11/20 11:00:00,ana@exemplo.com,Ana Lima,,2\n2026/11/21 09:00:00,carla@exemplo.com,,11 99999-0000,1\n'))
put('ticket-platform.csv', bom('Pedido;Nome;Sobrenome;E-mail;Nº do ingresso;Valor\r\n1001;Ana;Lima;ana@exemplo.com;0001;10,00\r\n1001;Ana;Lima;ana@exemplo.com;0002;10,00\r\n1002;Bruno;Souza;bruno@exemplo.com;0003;10,00\r\n'))
put('form-phone.csv', utf8('Nome;Celular;Cidade\nAna Lima;+55 11 91234-5678;Santos\nBruno Souza;(21) 98888-7777;Rio\nCarla Dias;(11) 3456-7890;São Paulo\nDavid Smith;+44 20 7946 0958;Londres\nEdu Rocha;12345;Campinas\nFábio Reis;;Santos\n'))
// A person's rows grouped by e-mail take their first valid phone; letters and a bidi override are warnings.
put('phones-grouped.csv', utf8('nome,email,telefone\nAna Lima,ana@exemplo.com,\nAna Lima,ana@exemplo.com,(11) 91234-5678\nAna Lima,ANA@exemplo.com,(11) 98888-7777\nBia Reis,,abc\nCaio Dias,,11 9\u202e1234-5678\n'))
put('clashes.csv', utf8('nome;bilhete\nAna;001\nBruno;002\nCarla;010\n'))
put('export-text-tickets.csv', bom('Nome;Email;Bilhete;Participante\r\nAna Lima;ana@exemplo.com;="001";1\r\nAna Lima;ana@exemplo.com;="002";1\r\nBruno Souza;;="010";2\r\n'))

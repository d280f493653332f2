// The import's pt-BR messages (product spec §8); the Go reader (sync/importfile) words them the same,
// and sync/testdata/import/cases.json holds the exact texts both are tested against.

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024

export const IMPORT_MESSAGES = {
  wrongKind: 'Por favor, envie um arquivo CSV ou Excel (.xlsx, .xls)',
  unrecognised: 'Formato de arquivo não reconhecido',
  noRows: 'Nenhum participante válido encontrado no arquivo',
  failed: 'Erro ao processar arquivo',
  password: 'o arquivo está protegido por senha. Salve uma cópia sem senha e tente de novo.',
  corrupt: 'o arquivo está corrompido ou incompleto.',
  tooBig: 'o arquivo tem mais de 10 MB',
  // A spreadsheet past its bounds (xlsx.ts): more rows or inflated bytes than 100,000 tickets need.
  sheetTooBig: 'a planilha é grande demais para importar (máximo: 100.000 bilhetes)',
} as const

/** Thousands with a dot, as pt-BR writes them (10.000). */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

export const importMessage = {
  failed: (reason: string) => `${IMPORT_MESSAGES.failed}: ${reason}`,
  badQuantity: (name: string, value: string) => `Quantidade inválida para ${name}: ${value}`,
  highQuantity: (name: string, value: string, max: number) => `Quantidade muito alta para ${name}: ${value}. Máximo: ${max} bilhetes por pessoa`,
  tooManyPeople: (total: number, max: number) => `Total de participantes únicos excede o limite: o sorteio ficaria com ${thousands(total)}. Máximo: ${thousands(max)}`,
  tooManyTickets: (total: number, max: number) => `Total de bilhetes excede o limite: o sorteio ficaria com ${thousands(total)}. Máximo: ${thousands(max)}`,
  badRow: (row: number, message: string) => `Linha ${row}: ${message}`,
  personChanged: (row: number, value: string) => `Linha ${row}: o participante ${value} aparece com outro nome ou e-mail`,
  repeatedTicket: (row: number, value: string) => `Linha ${row}: o bilhete ${value} aparece mais de uma vez no arquivo`,
  ticketWithQuantity: (row: number, number: string, value: string) => `Linha ${row}: o bilhete ${number} tem quantidade ${value}: uma linha com número de bilhete é um bilhete só`,
  // Listed in the preview, not refused (docs/import.md, "Columns").
  noName: (row: number) => `Linha ${row}: sem nome`,
  titleRow: (row: number) => `Linha ${row}: título acima do cabeçalho`,
  takenSkipped: (row: number, number: string) => `Linha ${row}: o bilhete ${number} já existe no sorteio`,
  badPhone: (row: number, shown: string) => `Linha ${row}: telefone inválido (${shown}): a pessoa entra sem telefone`,
  // Shown after noRows when every row was left out; the list of them follows in the preview.
  allSkipped: (rows: number) =>
    rows === 1 ? 'A única linha do arquivo foi ignorada: veja abaixo por quê.' : `As ${thousands(rows)} linhas do arquivo foram ignoradas: veja abaixo por quê.`,
  otherName: (row: number, email: string, name: string, kept: string) => `Linha ${row}: ${email} aparece com outro nome (${name}); os bilhetes ficam com o nome ${kept}`,
}

/**
 * A file the import refuses, with the message to show. Nothing is written when one is thrown.
 * `skipped`: the rows left out before it ('Linha 2: sem nome'), when every row was left out, so the
 * preview can say why rather than show nothing.
 */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly skipped: string[] = [],
  ) {
    super(message)
    this.name = 'ImportError'
  }
}

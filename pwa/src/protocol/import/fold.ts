// Header words compared as people read them (the twin of fold in sync/importfile/rows.go).

/** The export's column naming each ticket's person (docs/import.md, "Export"). */
export const PERSON_HEADER = 'participante'

/** Lower case, no accents, trimmed: 'NOME', ' Nome ' and 'Nóme' all read 'nome'. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
}

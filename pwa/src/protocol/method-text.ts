// What anyone recomputes a raffle's winners from, said for its draw method: the seeds of a
// verifiable draw, or the five prizes of a Loteria Federal extraction (docs/draw-algorithm.md §12).
// The verification page and the ata (page and PDF) say the same.

/** The verification page's opening sentence. */
export function verifyIntro(federal: boolean): string {
  return federal
    ? 'Os vencedores são calculados pela regra da Loteria Federal fixada antes da extração (algoritmo público loteria-federal-v1), a partir dos cinco prêmios da extração e da lista de bilhetes.'
    : 'Os vencedores são calculados pelo algoritmo público sorteio-v1, a partir de uma semente aleatória e da lista de bilhetes.'
}

/** The verification page's verdict when every round recomputes. */
export function verifiedText(federal: boolean): string {
  return federal
    ? 'Os vencedores de todas as rodadas foram recalculados neste navegador, a partir dos prêmios da Loteria Federal e da lista de bilhetes publicados, e são os mesmos do registro.'
    : 'Os vencedores de todas as rodadas foram recalculados neste navegador, a partir das sementes e da lista de bilhetes publicadas, e são os mesmos do registro.'
}

/** The ata's line above the verification page's address. */
export function ataVerifyText(federal: boolean): string {
  return federal
    ? 'Qualquer pessoa pode refazer este sorteio e conferir os vencedores a partir dos prêmios da Loteria Federal e da lista de bilhetes publicados, na página:'
    : 'Qualquer pessoa pode refazer este sorteio e conferir os vencedores a partir das sementes e da lista de bilhetes publicadas, na página:'
}

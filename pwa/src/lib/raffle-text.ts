// Wording of a raffle shared by several screens (statuses differ by screen, so they stay there).

/** The spec's names of the raffle types: 'Simples' (by name) and 'Com Bilhetes' (numbered). */
export const RAFFLE_TYPE_LABEL = {
  simple: 'Simples',
  tickets: 'Com Bilhetes',
} as const satisfies Record<'simple' | 'tickets', string>

// The words of the draw tab, in one place so the screen and its tests agree.

/** 'Sorteio realizado!' toast's description. */
export function winnersDrawnText(n: number): string {
  return n === 1 ? '1 vencedor sorteado' : `${n} vencedores sorteados`
}

/** What a screen reader hears each second of the countdown. */
export function countdownText(seconds: number): string {
  return seconds === 1 ? 'Falta 1 segundo para o sorteio' : `Faltam ${seconds} segundos para o sorteio`
}

export const OFFLINE_RESULT_TEXT = 'Sem conexão: o resultado aparecerá quando a conexão voltar.'

// The words of the draw tab, in one place so the screen and its tests agree.

/**
 * Whole seconds left of a countdown of `length` seconds ending at `end`, at `now` (all on the server's
 * clock). Never more than its length: a clock read a moment before the round opened must not show
 * a longer countdown than the room was promised.
 */
export function secondsLeft(end: number, now: number, length: number): number {
  return Math.min(length, Math.max(0, Math.ceil((end - now) / 1000)))
}

/** What a screen reader hears each second of the countdown. */
export function countdownText(seconds: number): string {
  return seconds === 1 ? 'Falta 1 segundo para o sorteio' : `Faltam ${seconds} segundos para o sorteio`
}

export const OFFLINE_RESULT_TEXT = 'Sem conexão: o resultado aparecerá quando a conexão voltar.'

/**
 * Before a round starts without a connection (the start button, 'Re-sortear'): what the public
 * record will say of it, and how to get an online one instead. docs/draw-algorithm.md §3.
 */
export const OFFLINE_START_TEXT =
  'Sem internet, o sorteio será feito neste aparelho e aparecerá como OFFLINE na verificação pública. O telão e os celulares de quem ' +
  "acompanha só verão o resultado quando a conexão voltar: para mostrar o sorteio à plateia agora, toque em 'Apresentar' (funciona sem internet). " +
  'Para um sorteio online, conecte-se à internet antes de iniciar.'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** In the start's confirmation without a connection: that the draw is made here, and what it draws. */
export function offlineConfirmText(winners: number, alternates: number): string {
  const what = alternates > 0 ? `${plural(winners, 'vencedor', 'vencedores')} e ${plural(alternates, 'suplente', 'suplentes')}` : plural(winners, 'vencedor', 'vencedores')
  return `Sem conexão: o sorteio será feito neste aparelho, sem internet, e vai sortear ${what}. O resultado vai para o link público quando a conexão voltar.`
}

/** A round declared offline, while it counts down or draws. */
export const OFFLINE_DRAW_TEXT = 'Sorteio sem conexão: a semente é escolhida apenas pelo aparelho do organizador.'

/** A round declared offline, once drawn. */
export const OFFLINE_DRAWN_TEXT = 'Sorteado sem conexão: a semente foi escolhida apenas pelo aparelho do organizador.'

/** Under a round nobody revealed after its countdown and grace. */
export const ABANDON_STUCK_TEXT = 'O aparelho que iniciou esta rodada não revelou o resultado.'

/** The abandon dialog, in one sentence. */
export const ABANDON_CONFIRM_TEXT = 'A rodada será encerrada sem resultado e continuará visível como abandonada na verificação pública, e um novo sorteio poderá ser iniciado.'

/** The presentation on a TV, offline: the room learns why the phones do not follow. */
export const PRESENT_OFFLINE_TEXT = 'Sem conexão: o resultado será publicado no link do sorteio assim que a conexão voltar.'

/** Before 'Chamar suplente' (public, cannot be undone). */
export function promoteQuestion(position: number): string {
  return `Chamar o próximo suplente para o ${position}º lugar?`
}
export const PROMOTE_NOTE = 'O próximo suplente da lista passa a ocupar o lugar, e quem acompanha pelo link público e pelo telão vê isso na hora. Não é possível desfazer.'

/** Before 'Fechar a lista para a extração' (public, cannot be undone). */
export const CLOSE_LIST_QUESTION = 'Fechar a lista para a extração?'
export const CLOSE_LIST_NOTE =
  'Depois de fechada, a lista não muda mais: ninguém entra nem sai até o resultado, e quem acompanha pelo link público vê que ela foi fechada. Não é possível desfazer.'

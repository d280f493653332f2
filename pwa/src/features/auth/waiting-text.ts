/** 'Sua sessão terminou; 3 alterações aguardam: entre de novo para enviá-las'. */
export function waitingText(n: number): string {
  return `Sua sessão terminou; ${n === 1 ? '1 alteração aguarda' : `${new Intl.NumberFormat('pt-BR').format(n)} alterações aguardam`}: entre de novo para enviá-las`
}

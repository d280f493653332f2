/** '1 participante', '3 participantes' (and '0 participantes'). */
export function participantCount(n: number): string {
  return `${n} ${n === 1 ? 'participante' : 'participantes'}`
}

// 'Chamar no WhatsApp' on a winner's card: a wa.me link to the winner's phone with a ready message.
// wa.me takes the number as digits with the country code, no '+' (E.164 without it).
import { phoneDigits } from '@/protocol/phone'

export interface WinnerMessage {
  name: string
  position: number
  title: string
  /** The prize of this position ('' or absent: the raffle names none, and the message the position). */
  prize?: string | null
  /** The winner took the place as an alternate called to it ('Chamar suplente'). */
  promoted?: boolean
}

/** The ready message, in the organiser's voice: '… ficou com o 1º prêmio: Bicicleta. Parabéns!' */
export function winnerMessage({ name, position, title, prize, promoted }: WinnerMessage): string {
  const place = prize?.trim() ? `o ${position}º prêmio: ${prize.trim()}` : `o ${position}º lugar`
  const how = promoted ? 'foi chamado(a) como suplente' : 'foi sorteado(a)'
  return `Olá, ${name}! Você ${how} no sorteio "${title}": ficou com ${place}. Parabéns!`
}

/** The wa.me link that opens a chat with that phone (E.164) and the message typed in. */
export function whatsAppLink(phone: string, message: WinnerMessage): string {
  return `https://wa.me/${phoneDigits(phone)}?text=${encodeURIComponent(winnerMessage(message))}`
}

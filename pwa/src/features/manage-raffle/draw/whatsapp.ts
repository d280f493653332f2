// 'Chamar no WhatsApp' on a winner's card: a wa.me link to the winner's phone with a ready message.
// wa.me takes the number as digits with the country code, no '+' (E.164 without it).
import { phoneDigits } from '@/protocol/phone'

export interface WinnerMessage {
  name: string
  position: number
  title: string
  /**
   * The prize of this position, when the raffle has prizes. The hook for them: prizes are not kept
   * yet, and without one the message names the position alone.
   */
  prize?: string | null
}

/** The ready message, in the organiser's voice. */
export function winnerMessage({ name, position, title, prize }: WinnerMessage): string {
  const won = prize ? `o ${position}º lugar e ganhou: ${prize}` : `o ${position}º lugar`
  return `Olá, ${name}! Você foi sorteado(a) no sorteio "${title}": ficou com ${won}. Parabéns!`
}

/** The wa.me link that opens a chat with that phone (E.164) and the message typed in. */
export function whatsAppLink(phone: string, message: WinnerMessage): string {
  return `https://wa.me/${phoneDigits(phone)}?text=${encodeURIComponent(winnerMessage(message))}`
}

/** The public page of a raffle, as shared with participants. */
export function publicLink(origin: string, code: string): string {
  return `${origin}/sorteio/${code}`
}

/** The message shared: the raffle's title and its public link. */
export function shareText(title: string, link: string): string {
  return `${title}\n${link}`
}

/** WhatsApp's share link, for browsers without the Web Share API. */
export function whatsAppLink(title: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(title, link))}`
}

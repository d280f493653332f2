// Said wherever an organiser deletes raffles (one, or all with the account): a raffle that was drawn
// keeps its public record, so no one can draw, delete and draw again unseen (docs/decisions.md).
export const RECORD_KEPT_TEXT = 'Se já houve sorteio, o registro público dele continua na página de verificação: vencedores e nomes da lista, sem os e-mails.'

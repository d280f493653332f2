// How every screen speaks of alternates called to a place: the organiser's draw tab, the public
// winners tab and the big screen say the same (never why the place's winner lost it).

/** The mark of a place held by an alternate called to it, not by the one drawn for it. */
export const PROMOTED_TEXT = 'Suplente chamado'

/** 'Chamado para o 2º lugar': said of an alternate once called. */
export const calledText = (position: number) => `Chamado para o ${position}º lugar`

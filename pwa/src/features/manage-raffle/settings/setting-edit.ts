// The pure states of one settings field (useSettingField). A field saves only what the person
// typed: what it holds is compared with the value it had when it was focused, never with the
// stored value, which another device may have changed meanwhile (docs/sync-protocol.md, "Client
// rules"). Such a change, while the field is focused or left with text in it, is shown with the
// choice of keeping either value; nothing is saved until the person chooses.

/** Whether the edited text means the same as a stored value (then nothing is saved). */
export type Same = (text: string, stored: string) => boolean

export interface Edit {
  /** What the field holds. */
  text: string
  /** The stored value when the field was focused: what the person typed is measured against it. */
  base: string
  focused: boolean
  /** Left (blurred) while another device's change waited for the person's choice. */
  held: boolean
  /** Sent to be saved: the text stays on screen until the stored value moves. */
  saving: boolean
}

/** A change from elsewhere: the stored value now, and the one the person would keep instead. */
export interface Elsewhere {
  other: string
  mine: string
}

export interface View {
  value: string
  elsewhere: Elsewhere | undefined
  /** The edit is over (its save landed, or the person's choice is moot): forget it. */
  settled: boolean
}

/** A step's result: the next edit, and the text to save when there is one. */
export interface Step {
  edit: Edit | null
  save?: string
}

/** Whether the person changed the text at all (a space counts: it is on its way to a word). */
const touched = (edit: Edit) => edit.text !== edit.base
/** Whether what was typed means another value (only then is anything saved). */
const typed = (edit: Edit, same: Same) => !same(edit.text, edit.base)

export function viewOf(edit: Edit | null, stored: string, same: Same): View {
  if (edit === null) return { value: stored, elsewhere: undefined, settled: false }
  if (edit.focused || edit.held) {
    const changed = !same(stored, edit.base)
    const mine = typed(edit, same) ? edit.text : edit.base
    // A field the person did not type in shows the stored value, whoever wrote it: never a stale one.
    const value = touched(edit) ? edit.text : stored
    const moot = edit.held && !changed && !typed(edit, same)
    return { value, elsewhere: changed ? { other: stored, mine } : undefined, settled: moot }
  }
  // Saving, or refused (the reason shows under it): the typed text until the stored value moves.
  if (edit.base !== stored) return { value: stored, elsewhere: undefined, settled: true }
  return { value: edit.text, elsewhere: undefined, settled: false }
}

export function focus(edit: Edit | null, shown: string, stored: string): Edit {
  if (edit?.held) return { ...edit, focused: true, held: false }
  // A save still on its way: its text is what the field is measured against, or its landing would
  // read as a change from another device.
  if (edit?.saving) return { text: edit.text, base: edit.text, focused: true, held: false, saving: false }
  return { text: shown, base: stored, focused: true, held: false, saving: false }
}

export function change(edit: Edit | null, text: string, stored: string): Edit {
  return { base: edit?.base ?? stored, text, focused: true, held: false, saving: false }
}

export function blur(edit: Edit | null, stored: string, same: Same): Step {
  if (edit === null) return { edit: null }
  if (!same(stored, edit.base)) return { edit: { ...edit, focused: false, held: true } }
  if (!typed(edit, same) || same(edit.text, stored)) return { edit: null }
  return { edit: { ...edit, focused: false, saving: true }, save: edit.text }
}

/** 'Ficar com' the other device's value: the person's text is dropped, nothing is saved. */
export function keepOther(): Step {
  return { edit: null }
}

/** 'Ficar com' the person's value (typed, or the one before the change): saved over the other. */
export function keepMine(edit: Edit | null, stored: string, same: Same): Step {
  if (edit === null) return { edit: null }
  const mine = typed(edit, same) ? edit.text : edit.base
  if (same(mine, stored)) return { edit: null }
  return { edit: { text: mine, base: stored, focused: false, held: false, saving: true }, save: mine }
}

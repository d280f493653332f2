import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { keepClearOfFocus, pickLane } from '@/app/toast-lane'

// jsdom lays nothing out: each element gets the box a test gives it, and elementsFromPoint answers
// the elements whose box holds the point, the last in the document drawn on top (as here, where no
// element sets a z-index).

const boxes = new Map<Element, DOMRect>()
const rect = (top: number, bottom: number, left = 0, right = 360) => new DOMRect(left, top, right - left, bottom - top)
const BANDS = { top: rect(0, 80), bottom: rect(600, 680) }

function place<E extends Element>(el: E, box: DOMRect, parent: Element = document.body): E {
  boxes.set(el, box)
  el.getBoundingClientRect = () => box
  parent.appendChild(el)
  return el
}
const make = (html: string) => {
  const t = document.createElement('template')
  t.innerHTML = html
  return t.content.firstElementChild!
}

beforeEach(() => {
  document.elementsFromPoint = (x: number, y: number) =>
    [...boxes]
      .filter(([, b]) => x >= b.left && x < b.right && y >= b.top && y < b.bottom)
      .map(([el]) => el)
      .reverse()
})
afterEach(() => {
  boxes.clear()
  document.body.innerHTML = ''
})

describe('the lane of a new toast on a phone', () => {
  it('the bottom when neither lane covers anything', () => {
    expect(pickLane(BANDS)).toBe('bottom')
  })

  it("the top when the bottom would cover a control (the quick draw's Sortear)", () => {
    place(make('<button>Sortear</button>'), rect(620, 660))
    expect(pickLane(BANDS)).toBe('top')
  })

  it('never over the field being typed in or its error, whatever the other lane holds (settings)', () => {
    // The tabs and the back link at the top: three controls and a link against one field.
    for (const [i, label] of ['Participantes', 'Configurações', 'Sorteio'].entries()) {
      place(make(`<button role="tab">${label}</button>`), rect(20, 60, i * 120, i * 120 + 110))
    }
    place(make('<a href="/dashboard">Voltar</a>'), rect(0, 18, 0, 100))
    const field = place(make('<input aria-label="Título" aria-describedby="erro">'), rect(560, 600))
    place(make('<p id="erro">O título é obrigatório.</p>'), rect(604, 624))
    ;(field as HTMLInputElement).focus()
    expect(pickLane(BANDS)).toBe('top')
  })

  it('the bottom when the top would cover as many controls', () => {
    place(make('<button>Sortear</button>'), rect(620, 660))
    place(make('<input aria-label="Nome">'), rect(20, 60))
    expect(pickLane(BANDS)).toBe('bottom')
  })

  it('with as many controls either way, the lane with fewer links', () => {
    place(make('<button>Sortear</button>'), rect(620, 660))
    place(make('<button>Sair</button>'), rect(20, 60))
    place(make('<a href="/dashboard">Voltar</a>'), rect(20, 60, 0, 100))
    expect(pickLane(BANDS)).toBe('bottom')
    place(make('<a href="/conta">Minha conta</a>'), rect(620, 660, 0, 100))
    place(make('<a href="/ajuda">Ajuda</a>'), rect(630, 650, 200, 300))
    expect(pickLane(BANDS)).toBe('top')
  })

  it('counts only what shows: a control under something drawn over it is not covered', () => {
    place(make('<button>Sortear</button>'), rect(620, 660))
    place(make('<div>barra</div>'), rect(600, 680))
    expect(pickLane(BANDS)).toBe('bottom')
  })

  it('leaves out the toasts themselves and an open dialog with its backdrop', () => {
    const toaster = place(make('<section data-sonner-toaster></section>'), rect(600, 680))
    place(make('<button>Fechar aviso</button>'), rect(620, 660), toaster)
    const layer = place(make('<div style="position: fixed"></div>'), rect(0, 740))
    const dialog = place(make('<div role="dialog" aria-modal="true"></div>'), rect(600, 680), layer)
    place(make('<button>Excluir</button>'), rect(620, 660), dialog)
    expect(pickLane(BANDS)).toBe('bottom')
  })
})

describe('a toast already up when a field takes focus', () => {
  it("moves off the field (the manage screen's name field under 'Sorteio criado!')", () => {
    const name = place(make('<input aria-label="Nome">'), rect(620, 664))
    ;(name as HTMLInputElement).focus()
    expect(keepClearOfFocus('bottom', BANDS)).toBe('top')
    expect(keepClearOfFocus('top', BANDS)).toBe('top')
  })

  it('stays where it is when the field is clear of both lanes, under both, or is not a field', () => {
    const name = place(make('<input aria-label="Nome">'), rect(300, 344))
    ;(name as HTMLInputElement).focus()
    expect(keepClearOfFocus('top', BANDS)).toBe('top')
    expect(keepClearOfFocus('bottom', BANDS)).toBe('bottom')
    const tall = place(make('<textarea aria-label="Descrição"></textarea>'), rect(40, 640))
    ;(tall as HTMLTextAreaElement).focus()
    expect(keepClearOfFocus('bottom', BANDS)).toBe('bottom')
    // A button under the toast: the user acts on it with a tap, not by typing under the toast.
    const button = place(make('<button>Adicionar</button>'), rect(620, 660))
    ;(button as HTMLButtonElement).focus()
    expect(keepClearOfFocus('bottom', BANDS)).toBe('bottom')
  })
})

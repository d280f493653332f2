import { afterEach, describe, expect, it } from 'vitest'
import { focusHeadingAfterNavigation } from '@/app/heading-focus'

/** Lets the MutationObserver's callbacks run. */
const mutationsSettle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.body.innerHTML = ''
})

describe('focusHeadingAfterNavigation', () => {
  it("focuses the screen's h1, made focusable from script only", () => {
    document.body.innerHTML = '<h1>Elsewhere</h1><main><h1>Meus Sorteios</h1><button>Novo</button></main>'
    const stop = focusHeadingAfterNavigation()
    const heading = document.querySelector('main h1')!
    expect(document.activeElement).toBe(heading)
    expect(heading.getAttribute('tabindex')).toBe('-1')
    stop()
  })

  it('waits for a heading that comes with the data, and passes focus from a placeholder to its successor', async () => {
    document.body.innerHTML = '<main id="m"></main>'
    const main = document.getElementById('m')!
    const stop = focusHeadingAfterNavigation()
    expect(document.activeElement).toBe(document.body)
    main.innerHTML = '<h1>Gerenciar Sorteio</h1>'
    await mutationsSettle()
    expect(document.activeElement?.textContent).toBe('Gerenciar Sorteio')
    main.innerHTML = '<h1>Rifa da quermesse</h1>'
    await mutationsSettle()
    expect(document.activeElement?.textContent).toBe('Rifa da quermesse')
    stop()
  })

  it('leaves focus in a field the screen focused, and focus the user moved meanwhile', async () => {
    document.body.innerHTML = '<main><h1>Criar</h1><input id="f"></main>'
    document.getElementById('f')!.focus()
    focusHeadingAfterNavigation()
    expect(document.activeElement?.id).toBe('f')

    document.body.innerHTML = '<main id="m"><h1>Um</h1><button id="b">Botão</button></main>'
    const stop = focusHeadingAfterNavigation()
    document.getElementById('b')!.focus()
    document.getElementById('m')!.insertAdjacentHTML('afterbegin', '<h1>Dois</h1>')
    await mutationsSettle()
    expect(document.activeElement?.id).toBe('b')
    stop()
  })
})

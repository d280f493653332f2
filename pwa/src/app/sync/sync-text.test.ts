import { describe, expect, it } from 'vitest'
import { lastSyncText, othersText, overwrittenText, pendingText, refusedText, refusedToastText, rejectionTitle, renumberedText } from '@/app/sync/sync-text'
import { formatDateTime } from '@/lib/dates'

describe('sync texts', () => {
  it.each([
    [0, 'Tudo sincronizado'],
    [1, '1 alteração pendente'],
    [3, '3 alterações pendentes'],
    [1234, '1.234 alterações pendentes'],
  ])('%i pending: %s', (n, text) => {
    expect(pendingText(n)).toBe(text)
  })

  it("never says 'Tudo sincronizado' while refused changes wait on the device", () => {
    expect(pendingText(0, 3)).toBe('Nada pendente')
    // Nor while another account's changes wait on the device.
    expect(pendingText(0, 0, 2)).toBe('Nada pendente')
    expect(othersText(2)).toBe('2 alterações de outra conta aguardam neste aparelho')
    expect(refusedText(1)).toBe('1 alteração não enviada')
    expect(refusedText(3)).toBe('3 alterações não enviadas')
    expect(refusedToastText('Motivo.', 3)).toBe("Motivo. As 3 alterações ficaram guardadas em 'Não enviados'.")
  })

  it('says which setting another device replaced, and with what', () => {
    expect(overwrittenText('title', 'Bingo 2026')).toBe('O título foi alterado em outro aparelho para “Bingo 2026”.')
    expect(overwrittenText('winners_count', 3)).toBe('O número de vencedores foi alterado em outro aparelho para 3.')
    expect(overwrittenText('prize:2', 'Camiseta')).toBe('O 2º prêmio foi alterado em outro aparelho para “Camiseta”.')
    expect(overwrittenText('prize:1', '')).toBe('O 1º prêmio foi apagado em outro aparelho.')
    expect(overwrittenText('alternates_count', 2)).toBe('O número de suplentes foi alterado em outro aparelho para 2.')
    expect(overwrittenText('draw_method', 'federal')).toBe('O método de sorteio foi alterado em outro aparelho para “Loteria Federal”.')
    expect(overwrittenText('federal', { concurso: 5733 })).toBe('As configurações da Loteria Federal foram alteradas em outro aparelho (concurso 5733).')
  })

  it('names the renumbered tickets in runs', () => {
    const run = (from: number, to: number, n: number) => Array.from({ length: n }, (_, i): [string, string] => [String(from + i).padStart(3, '0'), String(to + i).padStart(3, '0')])
    expect(renumberedText(run(1, 51, 5))).toBe('Bilhetes renumerados pelo servidor: 001–005 → 051–055')
    expect(renumberedText([['007', '052']])).toBe('Bilhetes renumerados pelo servidor: 007 → 052')
    expect(renumberedText([...run(1, 51, 2), ['009', '060'], ['A1', '061']])).toBe('Bilhetes renumerados pelo servidor: 001–002 → 051–052, 009 → 060, A1 → 061')
    expect(renumberedText([...run(1, 101, 1), ...run(3, 103, 1), ...run(5, 105, 1), ...run(7, 107, 1), ...run(9, 109, 1), ...run(11, 111, 2)])).toBe(
      'Bilhetes renumerados pelo servidor: 001 → 101, 003 → 103, 005 → 105, 007 → 107 e mais 3 bilhetes',
    )
  })

  it('says when it last synced, the Brazilian way', () => {
    const at = Date.UTC(2025, 10, 21, 17, 30)
    expect(lastSyncText(null)).toBe('Ainda não sincronizado')
    expect(lastSyncText(at)).toBe(`Última sincronização: ${formatDateTime(at)}`)
    expect(lastSyncText(at)).toMatch(/^Última sincronização: 21\/11\/2025, \d\d:30$/)
  })
})

describe('rejectionTitle', () => {
  it('names the refused change with the catalogue text', () => {
    expect(rejectionTitle('raffle.update')).toBe('Não foi possível atualizar sorteio')
    expect(rejectionTitle('participants.add')).toBe('Não foi possível adicionar participante')
    expect(rejectionTitle('participants.remove_group')).toBe('Não foi possível remover participante')
    expect(rejectionTitle('raffle.create')).toBe('Erro ao criar sorteio')
    expect(rejectionTitle('raffle.delete')).toBe('Erro ao excluir')
    expect(rejectionTitle('winner.invalidate')).toBe('Não foi possível invalidar o vencedor')
    expect(rejectionTitle('winner.redraw')).toBe('Não foi possível realizar o re-sorteio')
    expect(rejectionTitle('draw.start')).toBe('Não foi possível iniciar o sorteio')
    expect(rejectionTitle('draw.complete')).toBe('Não foi possível concluir o sorteio')
    expect(rejectionTitle('raffle.archive')).toBe('Alteração recusada pelo servidor')
  })
})

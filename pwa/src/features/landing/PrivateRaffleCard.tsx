import type { MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-styles'
import { LockIcon } from '@/components/ui/icons'
import { cn } from '@/lib/cn'

// Opens /auth on the sign-up tab; the address stays /auth.
const signUpState = { tab: 'signup' } as const

/**
 * The whole card leads to /auth. Keyboard and screen-reader users get one link ('Criar Conta'), whose
 * hit area is stretched over the card; a click anywhere else on the card is handled here for mice.
 */
export function PrivateRaffleCard() {
  const navigate = useNavigate()

  function onCardClick(event: MouseEvent<HTMLDivElement>) {
    if ((event.target as Element).closest('a')) return
    void navigate('/auth', { state: signUpState })
  }

  return (
    <div
      onClick={onCardClick}
      className={cn(
        'group relative flex cursor-pointer flex-col rounded-2xl bg-gradient-to-br from-brand-700 to-indigo-700 p-5 text-white shadow-md transition',
        'hover:shadow-lg hover:brightness-110 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-800 sm:p-6',
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-xl bg-white/15 text-white">
        <LockIcon className="size-6" />
      </div>
      <h2 className="mt-4 text-xl font-bold">Sorteio Privado</h2>
      <p className="mt-2 flex-1 text-brand-100">
        Crie uma conta para organizar seus sorteios: importe participantes, use bilhetes numerados, faça a contagem regressiva e compartilhe o link com o público.
      </p>
      <div className="mt-5">
        <Link
          to="/auth"
          state={signUpState}
          className={cn(
            buttonClasses('secondary', 'lg', 'w-full bg-white text-brand-800 hover:bg-brand-50 sm:w-auto'),
            // Stretches the link's click area over the whole card.
            'after:absolute after:inset-0 after:rounded-2xl after:content-[""] focus-visible:outline-white',
          )}
        >
          Criar Conta
        </Link>
      </div>
    </div>
  )
}

import { QrCode } from '@/components/qr/QrCode'
import { cn } from '@/lib/cn'

/** The room's way in, for a TV: the QR code of the public link, the code in large letters, the link. */
export function RoomLink({ code, link, qrClassName }: { code: string; link: string; qrClassName: string }) {
  return (
    <aside className="flex flex-col items-center justify-center gap-[2vh] text-center">
      <QrCode text={link} className={cn('rounded-2xl p-[1vh]', qrClassName)} />
      <p className="text-[2.4vh] text-white/80">Acompanhe no celular</p>
      <p aria-label={`Código ${code}`} className="font-mono text-[min(9vh,13vw)] leading-none font-extrabold tracking-[0.15em]">
        {code}
      </p>
      <p className="max-w-[30vw] text-[2vh] break-all text-white/60 portrait:max-w-full">{link.replace(/^https?:\/\//, '')}</p>
    </aside>
  )
}

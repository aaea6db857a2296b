import type { ReactNode } from "react";
import { portalNavItems } from "@/components/layout/nav-items";
import { SiteHeader } from "@/components/layout/site-header";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { requireUser } from "@/lib/auth/session";
import { signOutAction } from "../(auth)/actions";

/** Every portal page: the session is checked here once (pages read the same cached user). */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <>
      <a href="#conteudo" className="skip-link">
        Ir para o conteúdo
      </a>
      <SiteHeader
        brokerName={user.brokerName}
        registerNumber={user.registerNumber}
        userName={user.name}
        userRole={ROLE_LABELS[user.role].toLowerCase()}
        navItems={portalNavItems(user.role)}
        signOutAction={signOutAction}
      />
      <main id="conteudo" className="page">
        {children}
      </main>
    </>
  );
}

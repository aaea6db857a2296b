import Link from "next/link";
import { MainNav, type NavItem } from "./main-nav";

/** Header of the signed-in portal: broker, navigation, user and the sign-out button. */
export function SiteHeader({
  brokerName,
  registerNumber,
  userName,
  userRole,
  navItems,
  signOutAction,
}: {
  brokerName: string;
  registerNumber: string;
  userName: string;
  userRole: string;
  navItems: NavItem[];
  signOutAction: () => Promise<void>;
}) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link href="/policies" className="brand">
          {brokerName}
          <small>SUSEP {registerNumber}</small>
        </Link>
        <MainNav items={navItems} />
        <div className="user-box">
          <span className="user-box__name">
            {userName} <span className="sr-only">({userRole})</span>
          </span>
          <Link href="/account" className="nav-button">
            Minha conta
          </Link>
          <form action={signOutAction}>
            <button type="submit" className="nav-button">
              Sair
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}

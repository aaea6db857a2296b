import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Portal do Corretor", template: "%s · Portal do Corretor" },
  description: "Apólices, cotações e chaves de API da corretora.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** Every page renders per request: the CSP nonce proxy.ts makes is new each time (no static shell). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="pt-BR">
      <body>{children}</body>
    </html>
  );
}

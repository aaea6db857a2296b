// Runs in the browser before the portal's own modules: what the strict CSP of proxy.ts needs.
import { setNonce } from "get-nonce";
import { z } from "zod";

// zod probes `new Function` to compile fast parsers; under the CSP the probe is a reported violation.
z.config({ jitless: true });

// Radix dialogs lock scrolling with a <style> element, which must carry the page's nonce. Next puts
// the nonce on every script it renders; the browser hides the attribute but keeps the property.
setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

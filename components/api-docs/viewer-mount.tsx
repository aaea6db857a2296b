"use client";

import { useEffect } from "react";
import { VIEWER_READY_EVENT } from "@/lib/api-docs/viewer";

/** Where Swagger UI renders; tells the viewer's script that React is done with this element. */
export function ApiReferenceMount() {
  useEffect(() => {
    (window as Window & { apiReferenceHydrated?: boolean }).apiReferenceHydrated = true;
    window.dispatchEvent(new Event(VIEWER_READY_EVENT));
  }, []);
  return <div id="api-reference" />;
}

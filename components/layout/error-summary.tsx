import {
  isServiceUnavailableDigest,
  SERVICE_UNAVAILABLE_MESSAGE,
  SERVICE_UNAVAILABLE_TITLE,
} from "@/lib/http/service-unavailable";

/**
 * Heading and text of an error boundary. An unreachable database (known by its digest) gets the
 * same words as the 503 page and no error code; anything else the generic text and its code.
 */
export function ErrorSummary({ digest }: { digest?: string }) {
  if (isServiceUnavailableDigest(digest)) {
    return (
      <>
        <h1>{SERVICE_UNAVAILABLE_TITLE}</h1>
        <p>{SERVICE_UNAVAILABLE_MESSAGE}</p>
      </>
    );
  }
  return (
    <>
      <h1>Algo deu errado</h1>
      <p>Não foi possível carregar esta página. Tente de novo em instantes.</p>
      {digest ? <p className="muted">Código do erro: {digest}</p> : null}
    </>
  );
}

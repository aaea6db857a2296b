import type { EndpointDeprecation } from "./definition";

const instant = (value: string, field: string) => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new Error(`deprecation.${field} is not a date: ${value}`);
  return new Date(time);
};

/**
 * The headers every answer of a deprecated endpoint carries: `Deprecation: @<unix seconds>`
 * (RFC 9745), `Sunset: <HTTP-date>` (RFC 8594) and `Link: <…>; rel="deprecation"`; none otherwise.
 */
export function deprecationHeaders(deprecation: EndpointDeprecation | undefined): Record<string, string> {
  if (!deprecation) return {};
  const headers: Record<string, string> = {
    Deprecation: `@${Math.floor(instant(deprecation.since, "since").getTime() / 1000)}`,
  };
  if (deprecation.sunset) headers.Sunset = instant(deprecation.sunset, "sunset").toUTCString();
  if (deprecation.link) headers.Link = `<${deprecation.link}>; rel="deprecation"`;
  return headers;
}

/** What internal links need from the router (the site's, or an embedding app's onNavigate). */
export interface LinkHandler {
  navigate(href: string): void;
  /** `visible`: the link scrolled into view (the router then spends no request on a route table); by default a hover or focus. */
  prefetch(href: string, reason?: 'hover' | 'visible'): void;
  /** Leave links to an anchor of the same page (`#id`) to the browser (an embedding app's router does not handle them). */
  anchorsNative?: boolean;
}

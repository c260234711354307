/** What internal links need from the router (the site's, or an embedding app's onNavigate). */
export interface LinkHandler {
  navigate(href: string): void;
  prefetch(href: string): void;
  /** Leave links to an anchor of the same page (`#id`) to the browser (an embedding app's router does not handle them). */
  anchorsNative?: boolean;
}

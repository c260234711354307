/** What internal links need from the router (the site's, or an embedding app's onNavigate). */
export interface LinkHandler {
  navigate(href: string): void;
  prefetch(href: string): void;
}

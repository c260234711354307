import { z } from 'zod';
import { SIDEBARS } from './sidebar.ts';

const s = (what: string) => z.string().min(1).describe(what);

const sidebarCards = z.strictObject(
  Object.fromEntries(
    SIDEBARS.map((id) => [id, z.strictObject({ title: s(`Card title for the ${id} section`), text: s('One sentence about the section') })]),
  ) as Record<(typeof SIDEBARS)[number], z.ZodObject<{ title: z.ZodString; text: z.ZodString }>>,
);

/**
 * Every UI string of the renderer, in one locale (`content/i18n/<locale>.yaml`).
 * Both locales must have exactly these keys. `{name}` marks a value filled in at run time.
 */
export const UiStringsSchema = z
  .strictObject({
    skipToContent: s('Skip link text'),
    navbar: z.strictObject({
      mainNav: s('aria-label of the main navigation'),
      openMenu: s('Button that opens the phone menu'),
      closeMenu: s('Button that closes the phone menu'),
      sections: s('Button that opens the list of sections when the navbar is too narrow for them'),
      more: s('aria-label of the button that opens the navbar items that do not fit (language, product website)'),
      productLink: s('Link text to the product website'),
      locale: s('aria-label of the locale switcher'),
      version: s('aria-label of the version selector'),
      colourMode: s('aria-label of the colour-mode switch'),
      light: s('Light colour mode'),
      dark: s('Dark colour mode'),
      system: s('Colour mode of the system'),
    }),
    date: z.strictObject({
      months: z.array(s('Name of a month as it stands in a date (genitive in Russian)')).length(12),
      format: s('A date; {day}, {month} and {year} are filled in'),
    }),
    sidebar: z.strictObject({
      label: s('aria-label of the sidebar navigation'),
      toggleGroup: s('aria-label of a category toggle; {label} is the category'),
    }),
    toc: z.strictObject({ title: s('Title of the table of contents') }),
    page: z.strictObject({
      breadcrumbs: s('aria-label of the breadcrumbs'),
      home: s('First breadcrumb: home'),
      lastUpdated: s('"Last updated" label; {date} is the date'),
      editPage: s('Edit link text'),
      copyMarkdown: s('Button: copy the page as Markdown'),
      copiedMarkdown: s('Confirmation after copying the page'),
      previous: s('Label of the previous-page link'),
      next: s('Label of the next-page link'),
      pagination: s('aria-label of the previous/next navigation'),
    }),
    code: z.strictObject({ copy: s('Copy button of a code block'), copied: s('Confirmation after copying code') }),
    admonition: z.strictObject({
      note: s('Default title of a note'),
      tip: s('Default title of a tip'),
      info: s('Default title of an info box'),
      warning: s('Default title of a warning'),
      danger: s('Default title of a danger box'),
    }),
    api: z.strictObject({
      endpoint: s('aria-label of the endpoint line'),
      copyEndpoint: s('Button that copies the endpoint URL'),
      parameters: s('Heading of the parameters table'),
      requestBody: s('Heading of the request body table'),
      responseFields: s('Heading of the response fields table'),
      statusCodes: s('Heading of the status codes table'),
      name: s('Column: name'),
      location: s('Column: where the parameter goes (path, query, header)'),
      type: s('Column: type'),
      description: s('Column: description'),
      status: s('Column: HTTP status'),
      required: s('Mark of a required field'),
      optional: s('Mark of an optional field'),
      allowedValues: s('Label before the list of allowed values'),
      defaultValue: s('Label before the default value'),
      downloadSpec: s('Link text to download the OpenAPI description'),
    }),
    search: z.strictObject({
      label: s('aria-label of the search box'),
      placeholder: s('Placeholder of the search box'),
      shortcutHint: s('Hint about the keyboard shortcut'),
      title: s('Title of the search page'),
      resultsCount: s('Number of results; {count} is the number'),
      noResults: s('No result; {query} is the query'),
      allSections: s('Filter option: every section'),
      filterLabel: s('Label of the section filter'),
      loading: s('Shown while the index loads'),
      failed: s('Shown when the index fails to load'),
      seeAll: s('Link to every result on the search page; {count} is the number'),
      showMore: s('Button under the results of the search page that shows the next ones'),
      didYouMean: s('When nothing is found, the close query that finds something; {query} is that query, drawn as a link'),
    }),
    notFound: z.strictObject({
      title: s('Title of the not-found page'),
      text: s('Text of the not-found page'),
      backHome: s('Link back to the home page'),
      suggestions: s('Heading above the pages that may be the one looked for'),
      otherLocale: s('Mark of a suggestion in another language; {language} is its name'),
    }),
    loadError: z.strictObject({
      title: s('Title shown when a page fails to load'),
      retry: s('Retry button'),
    }),
    versions: z.strictObject({
      current: s('Mark of the current version'),
      legacy: s('Mark of a legacy version'),
      legacyNotice: s('Notice above the title of a legacy page; {version} is its version, {current} the current one'),
      toCounterpart: s('Link of the notice to the same page in the current version; {current} is its name'),
      toCurrent: s('Link of the notice when the page has no counterpart; {current} is the name of the current version'),
    }),
    announcement: z.strictObject({
      label: s('aria-label of the announcement bar'),
      dismiss: s('Button that closes the announcement bar'),
    }),
    feedback: z.strictObject({
      question: s('The question at the end of a page'),
      yes: s('Answer: yes'),
      no: s('Answer: no'),
      reasonLegend: s('Legend of the reasons after "no"'),
      inaccurate: s('Reason: the page is inaccurate or out of date'),
      unclear: s('Reason: hard to understand'),
      missing: s('Reason: information is missing'),
      other: s('Reason: something else'),
      comment: s('Label of the optional short comment'),
      send: s('Button that sends the answer'),
      thanks: s('Shown once the answer is sent'),
      answered: s('Shown on a page the reader has answered before'),
    }),
    offline: z.strictObject({
      available: s('Mark of a page kept for reading offline (beside its title)'),
      availableHint: s('What the mark means (its tooltip and accessible description)'),
      unavailableTitle: s('Title shown, offline, for a page that is not kept'),
      unavailableText: s('What the reader can do instead (the pages that do open offline)'),
      searchNote: s('Above search results while offline: which pages they come from'),
    }),
    home: z.strictObject({
      title: s('Title of the home page (browser tab)'),
      promise: s('One-line promise under the product name'),
      lead: s('A sentence or two under the promise'),
      sectionsTitle: s('Heading above the section cards'),
      cards: sidebarCards,
      latestReleases: s('Heading of the latest release notes'),
      allReleases: s('Link to every release note'),
    }),
    blog: z.strictObject({
      title: s('Title of the blog'),
      description: s('Description of the blog, 50–200 characters'),
      archive: s('Link and title of the archive'),
      archiveDescription: s('Description of the archive page'),
      readMore: s('Link to the full post'),
      by: s('"By {authors}"'),
      feeds: s('Label of the RSS and Atom feed links'),
    }),
    footer: z.strictObject({ docs: s('Footer column: documentation'), more: s('Footer column: more') }),
  })
  .describe('Every UI string of the site in one locale');
export type UiStrings = z.infer<typeof UiStringsSchema>;

import { stringify } from 'yaml';
import type { LocaleCode } from '@vitrina-docs/schemas';

/** The page types of shared/CONTENT.md that `vitrina-docs new` writes. */
export const PAGE_TYPES = ['how-to', 'concept', 'api-method', 'release-notes'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

type PerLocale = Record<LocaleCode, string>;

/** The response example an API method page shows (made from the description by api-example.ts). */
export interface ResponseExample {
  /** `200 OK`; null when no example could be made that fits the schema. */
  title: string | null;
  status: string;
  lang: 'json' | 'http';
  text: string;
}

export interface TemplateInput {
  title: PerLocale;
  /** A page that exists, for the closing "next steps" link. */
  next: { path: string; label: PerLocale };
  /** API method pages: the operation and the examples made from it. */
  /** The request and response examples in each page's language (the description's examples of that locale). */
  api?: { operation: string; curl: Record<LocaleCode, string>; response: Record<LocaleCode, ResponseExample> };
  /** `sidebar_position` of both pages (none for a folder's own page). */
  position?: number;
}

function frontmatter(data: Record<string, unknown>): string {
  return `---\n${stringify(data, { lineWidth: 0 })}---\n`;
}

function page(t: TemplateInput, fm: Record<string, unknown>, body: string[]): string {
  const { title, description, ...rest } = fm;
  const position = t.position === undefined ? {} : { sidebar_position: t.position };
  return `${frontmatter({ title, description, ...position, ...rest })}\n${body
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

const fence = (lang: string, text: string, title?: string | null) => `\`\`\`${lang}${title ? ` title="${title}"` : ''}\n${text}\n\`\`\``;

function howTo(locale: LocaleCode, t: TemplateInput): string {
  const link = `[${t.next.label[locale]}](${t.next.path})`;
  if (locale === 'ru') {
    return page(
      t,
      {
        title: t.title.ru,
        description:
          'Замените это описание одним-двумя предложениями: какую задачу решает читатель с помощью этой инструкции и где он это делает.',
      },
      [
        'Напишите вводный абзац: для кого эта инструкция и какую задачу она помогает решить. Например: агент начинает визит в торговой точке, чтобы сфотографировать полку и отправить снимки на распознавание.',
        '',
        '## Перед началом {#before-you-start}',
        '',
        'Перечислите, что нужно подготовить до первого шага.',
        '',
        '- Какая роль или какие права нужны пользователю.',
        '- Какая версия приложения или какие настройки портала нужны.',
        '- Какие данные должны быть загружены заранее.',
        '',
        '## Шаги {#steps}',
        '',
        '1. Опишите первое действие с точным названием элемента интерфейса, например **Начать визит**.',
        '2. Опишите следующее действие: один шаг — одно действие.',
        '3. Добавьте столько шагов, сколько нужно, и удалите лишние.',
        '',
        '## Результат {#result}',
        '',
        'Опишите, что пользователь увидит, когда всё получилось: экран, сообщение или статус.',
        '',
        ':::tip[Если что-то не получилось]',
        'Опишите две-три самые частые проблемы и как их решить.',
        ':::',
        '',
        '## Что дальше {#next-steps}',
        '',
        `- ${link}: замените эту ссылку ссылками на следующие шаги и связанные страницы.`,
      ],
    );
  }
  return page(
    t,
    {
      title: t.title.en,
      description:
        'Replace this description with one or two sentences: which task the reader completes with these instructions, and where.',
    },
    [
      'Write the lead paragraph: who these instructions are for and which task they help with. For example: a field agent starts a visit in a store to photograph the shelf and send the photos for recognition.',
      '',
      '## Before you start {#before-you-start}',
      '',
      'List what the reader prepares before the first step.',
      '',
      '- Which role or permissions the user needs.',
      '- Which app version or portal settings are needed.',
      '- Which data must be loaded beforehand.',
      '',
      '## Steps {#steps}',
      '',
      '1. Describe the first action with the exact label of the control, for example **Start visit**.',
      '2. Describe the next action: one step, one action.',
      '3. Add as many steps as needed and remove the ones you do not need.',
      '',
      '## Result {#result}',
      '',
      'Describe what the user sees when it worked: a screen, a message or a status.',
      '',
      ':::tip[If something went wrong]',
      'Describe the two or three most likely problems and how to solve them.',
      ':::',
      '',
      '## Next steps {#next-steps}',
      '',
      `- ${link}: replace this link with links to the next steps and related pages.`,
    ],
  );
}

function concept(locale: LocaleCode, t: TemplateInput): string {
  const link = `[${t.next.label[locale]}](${t.next.path})`;
  if (locale === 'ru') {
    return page(
      t,
      {
        title: t.title.ru,
        description: 'Замените это описание одним-двумя предложениями: что это за показатель, как он считается и где его увидеть.',
      },
      [
        'Напишите вводный абзац: кому нужен этот показатель (менеджеру, аналитику) и какие решения он помогает принимать.',
        '',
        '## Определение {#definition}',
        '',
        'Дайте определение в одном предложении, затем уточните, какие данные визита в него входят и какие нет.',
        '',
        '## Формула {#formula}',
        '',
        fence('text', 'Показатель = числитель / знаменатель × 100 %'),
        '',
        'Объясните каждую часть формулы и как значения визитов складываются за период.',
        '',
        '## Пример расчёта {#example}',
        '',
        'Разберите один визит с настоящими числами: сколько было в знаменателе, сколько в числителе и какой получился результат.',
        '',
        '| Часть формулы | Значение |',
        '|---|---|',
        '| Числитель | 34 |',
        '| Знаменатель | 40 |',
        '| Результат | 85 % |',
        '',
        '## Где смотреть значение {#where-shown}',
        '',
        'Перечислите, где значение видно в приложении, на портале и в API, со ссылками на страницы этих разделов.',
        '',
        '## Что влияет на точность {#accuracy}',
        '',
        '- Опишите первую причину, по которой значение может отличаться от ожидаемого, и что с ней сделать.',
        '- Опишите вторую причину.',
        '',
        '## См. также {#see-also}',
        '',
        `- ${link}: замените эту ссылку ссылками на связанные показатели и инструкции.`,
      ],
    );
  }
  return page(
    t,
    {
      title: t.title.en,
      description: 'Replace this description with one or two sentences: what this value is, how it is computed and where to see it.',
    },
    [
      'Write the lead paragraph: who needs this value (a manager, an analyst) and which decisions it helps them make.',
      '',
      '## Definition {#definition}',
      '',
      'Give the definition in one sentence, then say which data of a visit it includes and which it does not.',
      '',
      '## Formula {#formula}',
      '',
      fence('text', 'Value = numerator / denominator × 100%'),
      '',
      'Explain each part of the formula and how the values of visits add up over a period.',
      '',
      '## Worked example {#example}',
      '',
      'Walk through one visit with real numbers: what the denominator was, what the numerator was and what the result is.',
      '',
      '| Part of the formula | Value |',
      '|---|---|',
      '| Numerator | 34 |',
      '| Denominator | 40 |',
      '| Result | 85% |',
      '',
      '## Where the value is shown {#where-shown}',
      '',
      'List where the value appears in the app, on the portal and in the API, with links to the pages of those sections.',
      '',
      '## What affects its accuracy {#accuracy}',
      '',
      '- Describe the first reason why the value may differ from what is expected, and what to do about it.',
      '- Describe the second reason.',
      '',
      '## See also {#see-also}',
      '',
      `- ${link}: replace this link with links to related values and instructions.`,
    ],
  );
}

function apiMethod(locale: LocaleCode, t: TemplateInput): string {
  const api = t.api!;
  const link = `[${t.next.label[locale]}](${t.next.path})`;
  const request = fence('bash', api.curl[locale]);
  const response = fence(api.response[locale].lang, api.response[locale].text, api.response[locale].title);
  if (locale === 'ru') {
    return page(
      t,
      {
        title: t.title.ru,
        description:
          'Замените это описание одним-двумя предложениями: что возвращает или меняет метод и в какой задаче интеграции его вызывают.',
        api: { operation: api.operation },
      },
      [
        'Напишите вводный абзац: для чего нужен метод и когда его вызывать. Адрес, параметры, поля ответа и коды ответа с их значением страница берёт из описания OpenAPI, повторять их не нужно.',
        '',
        '## Пример запроса {#request-example}',
        '',
        request,
        '',
        'Объясните, откуда берутся значения в адресе и параметрах запроса.',
        '',
        '## Пример ответа {#response-example}',
        '',
        response,
        '',
        'Замените пример настоящими данными и поясните поля, которые читатель использует чаще всего.',
        '',
        '## Подводные камни {#pitfalls}',
        '',
        'Опишите то, чего нет в описании OpenAPI: типичные ошибки интеграции с этим методом и как их избежать. Что значит каждый код ответа у этого метода, пишите в `description` и `x-description-ru` ответа в описании OpenAPI: страница покажет их в таблице кодов ответа.',
        '',
        '## См. также {#see-also}',
        '',
        `- ${link}: замените эту ссылку ссылками на связанные методы.`,
      ],
    );
  }
  return page(
    t,
    {
      title: t.title.en,
      description:
        'Replace this description with one or two sentences: what the method returns or changes, and in which integration task it is called.',
      api: { operation: api.operation },
    },
    [
      'Write the lead paragraph: what the method is for and when to call it. The page takes the endpoint, parameters, response fields and response codes with their meaning from the OpenAPI description, so do not repeat them.',
      '',
      '## Request example {#request-example}',
      '',
      request,
      '',
      'Explain where the values in the address and the parameters come from.',
      '',
      '## Response example {#response-example}',
      '',
      response,
      '',
      'Replace the example with real data and explain the fields readers use most.',
      '',
      '## Pitfalls {#pitfalls}',
      '',
      'Describe what the OpenAPI description cannot say: the usual mistakes of an integration with this method and how to avoid them. What each response code means at this method goes into the `description` and `x-description-ru` of the response in the OpenAPI description: the page shows them in its table of response codes.',
      '',
      '## See also {#see-also}',
      '',
      `- ${link}: replace this link with links to related methods.`,
    ],
  );
}

const COMPONENTS: PerLocale[] = [
  { ru: 'Приложение IC3', en: 'IC3 app' },
  { ru: 'Портал', en: 'Portal' },
  { ru: 'API', en: 'API' },
];

function releaseNotes(locale: LocaleCode, t: TemplateInput): string {
  const link = `[${t.next.label[locale]}](${t.next.path})`;
  const items = (what: PerLocale) => COMPONENTS.map((c) => `- **${c[locale]}.** ${what[locale]}`);
  if (locale === 'ru') {
    return page(
      t,
      {
        title: t.title.ru,
        description: 'Замените это описание одним предложением о главных изменениях месяца: что нового в приложении, на портале и в API.',
      },
      [
        'Напишите вводный абзац: главное изменение месяца и кого оно касается больше всего.',
        '',
        '## Новое {#new}',
        '',
        ...items({ ru: 'Опишите новую возможность одним предложением и дайте ссылку на страницу, которая её описывает.', en: '' }),
        '',
        '## Улучшено {#improved}',
        '',
        ...items({ ru: 'Опишите, что стало удобнее или быстрее, и дайте ссылку на страницу.', en: '' }),
        '',
        '## Исправлено {#fixed}',
        '',
        ...items({ ru: 'Опишите исправленную ошибку так, как её видел пользователь.', en: '' }),
        '',
        'Удалите компоненты, в которых за месяц ничего не изменилось, и добавьте IC2 или SDK, если они менялись.',
        '',
        '## См. также {#see-also}',
        '',
        `- ${link}: замените эту ссылку ссылками на страницы, которые описывают изменения.`,
      ],
    );
  }
  return page(
    t,
    {
      title: t.title.en,
      description:
        "Replace this description with one sentence on the month's main changes: what is new in the app, on the portal and in the API.",
    },
    [
      "Write the lead paragraph: the month's main change and whom it concerns most.",
      '',
      '## New {#new}',
      '',
      ...items({ ru: '', en: 'Describe the new feature in one sentence and link to the page that describes it.' }),
      '',
      '## Improved {#improved}',
      '',
      ...items({ ru: '', en: 'Describe what became easier or faster, and link to its page.' }),
      '',
      '## Fixed {#fixed}',
      '',
      ...items({ ru: '', en: 'Describe the fixed bug the way the user saw it.' }),
      '',
      'Remove the components that did not change this month, and add IC2 or SDK when they did.',
      '',
      '## See also {#see-also}',
      '',
      `- ${link}: replace this link with links to the pages that describe the changes.`,
    ],
  );
}

const WRITERS: Record<PageType, (locale: LocaleCode, t: TemplateInput) => string> = {
  'how-to': howTo,
  concept,
  'api-method': apiMethod,
  'release-notes': releaseNotes,
};

/** The ru and en source of a new page of a type: valid frontmatter, explicit heading ids, the same sections and code blocks. */
export function pageTemplate(type: PageType, input: TemplateInput): PerLocale {
  return { ru: WRITERS[type]('ru', input), en: WRITERS[type]('en', input) };
}

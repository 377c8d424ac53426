import type { LoaderFunctionArgs } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";

import legal from "#core/locales/es-MX/legal.json";
import { useTranslation } from "~/i18n";
import type { loader as rootLoader } from "~/root";
import { requireState } from "~/server-imports/terminos-condiciones";
import type { PageHandle } from "~/utils/page-title";

/**
 * Static legal documents (§2): terms, privacy notice and account activation on one plain
 * server-rendered page. New users read it from the membership wizard, before they are members.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireState(request, ["accessState", "wizardState"]);
  return null;
}

/** The anchors are links elsewhere (the wizard points at #aviso-de-privacidad): keep them stable. */
const DOCUMENTS = [
  { id: "terminos-y-condiciones", key: "terms" },
  { id: "aviso-de-privacidad", key: "privacy" },
  { id: "activacion-de-cuenta", key: "activation" },
] as const;

const TOC_ID = "indice";

type LegalSection = { title: string; paragraphs: string[]; steps?: string[] };

const CARD = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const LINK =
  "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 " +
  "focus-visible:outline-brand-500 dark:text-brand-300";

function LegalDocument({ id, documentKey }: { id: string; documentKey: (typeof DOCUMENTS)[number]["key"] }) {
  const { t } = useTranslation("legal");
  const sections = t(`documents.${documentKey}.sections`, { returnObjects: true }) as unknown as LegalSection[];
  const headingId = `${id}-titulo`;
  return (
    <section id={id} aria-labelledby={headingId} className={`${CARD} scroll-mt-6 sm:p-8 lg:max-w-3xl`}>
      <h2 id={headingId} className="text-2xl font-semibold">
        {t(`documents.${documentKey}.title`)}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t(`documents.${documentKey}.summary`)}</p>
      <div className="mt-6 flex flex-col gap-6">
        {sections.map((section) => (
          <div key={section.title} className="flex max-w-prose flex-col gap-2">
            <h3 className="text-lg font-semibold">{section.title}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-slate-700 dark:text-slate-300">
                {paragraph}
              </p>
            ))}
            {section.steps?.length ? (
              <ol className="list-decimal space-y-1 pl-5 leading-relaxed text-slate-700 dark:text-slate-300">
                {section.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            ) : null}
          </div>
        ))}
      </div>
      <p className="mt-6 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
        <a href={`#${TOC_ID}`} className={LINK}>
          {t("backToToc")}
        </a>
      </p>
    </section>
  );
}

export default function Terms() {
  const { t } = useTranslation("legal");
  // Members see the shell, whose top bar already renders this screen's h1 ('Términos y Condiciones')
  // and the <main> landmark; wizard users have no shell, so the page brings its own.
  const hasTopBar = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.shell?.titleKey);

  const content = (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-prose flex-col gap-2">
        {hasTopBar ? null : <h1 className="text-3xl font-bold">{t("title")}</h1>}
        <p className="text-slate-600 dark:text-slate-300">{t("intro")}</p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t("updated")}</p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav id={TOC_ID} aria-labelledby={`${TOC_ID}-titulo`} className={`${CARD} scroll-mt-6 lg:sticky lg:top-6`}>
          <p id={`${TOC_ID}-titulo`} className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
            {t("toc")}
          </p>
          <ol className="mt-3 flex flex-col gap-2">
            {DOCUMENTS.map((doc) => (
              <li key={doc.id}>
                <a href={`#${doc.id}`} className={LINK}>
                  {t(`documents.${doc.key}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          {DOCUMENTS.map((doc) => (
            <LegalDocument key={doc.id} id={doc.id} documentKey={doc.key} />
          ))}
        </div>
      </div>
    </div>
  );

  return hasTopBar ? (
    content
  ) : (
    <main id="contenido" className="mx-auto w-full max-w-content p-6 sm:p-10">
      {content}
    </main>
  );
}

export const handle: PageHandle = { namespaces: { legal }, titleKey: "shell.title.terms" };

export { ErrorBoundary } from "~/components/errors/error-boundary";

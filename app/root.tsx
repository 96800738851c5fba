import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/footer";
import { Navbar } from "~/components/navbar";
import { VerifyEmailNotice } from "~/components/auth/verify-email-notice";
import { useNonce } from "~/components/nonce";
import { usePendingListSkeleton } from "~/components/pending-page";
import { RootErrorPage } from "~/components/root-error-page";
import { Toaster } from "~/components/ui/toast";
import { getViewer } from "~/services/session.server";
import { getTheme, THEME_KEY, type Theme } from "~/services/theme.server";
import { readToast } from "~/services/toast.server";
import stylesheet from "~/styles/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "FX Trader | Rules-based forex strategies and signals" },
  {
    name: "description",
    content: "Rules-based FX strategies with signals, risk controls, education, free calculators and research.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [viewer, theme, flash] = await Promise.all([getViewer(request), getTheme(request), readToast(request)]);
  const headers = new Headers();
  if (flash.setCookie) headers.append("Set-Cookie", flash.setCookie);
  return json({ user: viewer?.user ?? null, theme, toast: flash.toast }, { headers });
}

/** Applies a theme saved in localStorage when this browser has no theme cookie yet. */
const themeScript = `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(t==="dark")document.documentElement.classList.add("dark")}catch(e){}`;

function Document({ theme, savedTheme, children }: { theme: Theme; savedTheme: boolean; children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className={theme === "dark" ? "dark" : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {savedTheme ? null : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, theme, toast } = useLoaderData<typeof loader>();
  const pendingSkeleton = usePendingListSkeleton();
  return (
    <Document theme={theme ?? "light"} savedTheme={theme !== null}>
      <Navbar user={user} theme={theme ?? "light"} />
      {user && !user.emailVerified ? <VerifyEmailNotice user={user} /> : null}
      <main id="main" className="flex-1">
        {pendingSkeleton ?? <Outlet />}
      </main>
      <Footer />
      <Toaster serverToast={toast} />
    </Document>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.theme ?? "light";
  return (
    <Document theme={theme} savedTheme={data?.theme != null}>
      <Navbar user={data?.user ?? null} theme={theme} />
      <main id="main" className="flex-1">
        <RootErrorPage />
      </main>
      <Footer />
    </Document>
  );
}

import "./globals.css";
import type { Metadata } from "next";
import type { ReactNode } from "react";
// next/font/local around the woff2 files shipped in the package (next/font/google needs the network).
import { GeistSans } from "geist/font/sans";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Publisher admin", template: "%s · Publisher admin" },
  description: "Administration of the self-hosted social publishing service",
  // Files in public/: favicon.ico, icon.svg, apple-touch-icon.png, site.webmanifest (and robots.txt).
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "32x32" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
  manifest: "/site.webmanifest",
  // robots.txt keeps crawlers out; pages found through a link are still not indexed.
  robots: { index: false, follow: false },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={GeistSans.variable}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}

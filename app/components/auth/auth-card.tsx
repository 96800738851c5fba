import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The narrow card the sign-in, sign-up and account-link pages share: heading, description, body. */
export function AuthCard({ heading, description, children }: { heading: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">{heading}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children ? <CardContent>{children}</CardContent> : null}
      </Card>
    </div>
  );
}

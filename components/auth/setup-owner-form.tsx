"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { ApiClientError, errorMessage, request } from "@/lib/query/fetcher";
import { ZSetupOwnerBody, type TSetupOwnerBody } from "@/lib/schemas/setup";

// Empty optional inputs are sent as absent, not as "" (which the API schema refuses).
const optional = { setValueAs: (v: string) => (v.trim() === "" ? undefined : v) };

export const SetupOwnerForm = () => {
  const router = useRouter();
  const [serverError, setServerError] = useState<{ message: string; isDone: boolean } | null>(null);
  const form = useForm<z.input<typeof ZSetupOwnerBody>, unknown, TSetupOwnerBody>({
    resolver: zodResolver(ZSetupOwnerBody),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await request("/api/setup", { method: "POST", body: values });
    } catch (err) {
      setServerError({ message: errorMessage(err), isDone: err instanceof ApiClientError && err.status === 409 });
      return;
    }
    const res = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
    if (!res?.ok || res.error) {
      router.replace("/login");
      return;
    }
    router.replace("/profile-groups");
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        id="setup_token"
        label="Setup token"
        hint="Printed by npm start when it starts; or run npm run cli -- setup token on the server. Valid for an hour, used once."
        error={errors.setup_token?.message}
      >
        <Input
          id="setup_token"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={!!errors.setup_token}
          aria-describedby="setup_token-error"
          {...form.register("setup_token")}
        />
      </FormField>
      <FormField
        id="account_name"
        label="Agency name"
        hint="Optional. Shown to your team."
        error={errors.account_name?.message}
      >
        <Input
          id="account_name"
          autoComplete="organization"
          aria-invalid={!!errors.account_name}
          aria-describedby="account_name-error"
          {...form.register("account_name", optional)}
        />
      </FormField>
      <FormField id="name" label="Your name" error={errors.name?.message}>
        <Input
          id="name"
          autoComplete="name"
          aria-invalid={!!errors.name}
          aria-describedby="name-error"
          {...form.register("name", optional)}
        />
      </FormField>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          aria-describedby="email-error"
          {...form.register("email")}
        />
      </FormField>
      <FormField id="password" label="Password" hint="At least 10 characters." error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby="password-error"
          {...form.register("password")}
        />
      </FormField>
      {serverError && (
        <InlineStatus>
          {serverError.message}
          {serverError.isDone && (
            <>
              {" "}
              <Link href="/login" className="font-medium underline">
                Go to sign-in
              </Link>
            </>
          )}
        </InlineStatus>
      )}
      <Button type="submit" className="w-full" isLoading={isSubmitting}>
        Create owner account
      </Button>
    </form>
  );
};

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { InlineStatus } from "@/components/ui/inline-status";
import { Input } from "@/components/ui/input";
import { ZSignInBody, type TSignInBody } from "@/lib/schemas/sign-in";

export const SignInForm = ({ callbackUrl }: { callbackUrl: string }) => {
  const router = useRouter();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TSignInBody>({ resolver: zodResolver(ZSignInBody), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const res = await signIn("credentials", { ...values, redirect: false });
    // v4 resolves with ok=false and error="CredentialsSignin" on a wrong password; check both.
    if (!res?.ok || res.error) {
      setServerError(
        res?.error === "CredentialsSignin" || res?.status === 401
          ? "Invalid email or password"
          : "Sign-in failed, try again",
      );
      form.resetField("password");
      return;
    }
    router.replace(callbackUrl);
    router.refresh();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          autoFocus
          aria-invalid={!!errors.email}
          aria-describedby="email-error"
          {...form.register("email")}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby="password-error"
          {...form.register("password")}
        />
      </FormField>
      <InlineStatus>{serverError}</InlineStatus>
      <Button type="submit" className="w-full" isLoading={isSubmitting}>
        Sign in
      </Button>
    </form>
  );
};

import type { TEnvironment } from "@/lib/schemas/common";

// Shared by the server layout (reads it) and the client switcher (writes it).
export const ENVIRONMENT_COOKIE = "admin_env";

export const parseEnvironment = (value: string | undefined): TEnvironment => (value === "sandbox" ? "sandbox" : "live");

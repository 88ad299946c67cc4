import { z } from "zod";
import { unwrap, zIdParams } from "./common";

export const ZProfileGroupParams = zIdParams("grp");

export const ZProfileGroupFields = z.object({
  name: z
    .string({ error: "Name must be a string" })
    .trim()
    .min(1, "Name can't be blank")
    .max(100, "Name is too long (maximum is 100 characters)"),
});

export const ZCreateProfileGroupBody = z.preprocess(unwrap("profile_group"), ZProfileGroupFields);
export type TCreateProfileGroupBody = z.infer<typeof ZProfileGroupFields>;

export const ZProfileGroup = z
  .object({ id: z.string(), name: z.string(), profiles_count: z.int() })
  .meta({ id: "ProfileGroup" });
export type TProfileGroup = z.infer<typeof ZProfileGroup>;

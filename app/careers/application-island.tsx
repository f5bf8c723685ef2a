import { hydrateIsland } from "#app/site/island-hydration.tsx";
import { ApplicationForm } from "./application-form.tsx";

hydrateIsland("application", ApplicationForm);

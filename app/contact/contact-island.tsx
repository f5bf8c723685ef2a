import { hydrateIsland } from "#app/site/island-hydration.tsx";
import { ContactForm } from "./contact-form.tsx";

hydrateIsland("contact", ContactForm);

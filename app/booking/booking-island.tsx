import { hydrateIsland } from "#app/site/island-hydration.tsx";
import { BookingForm } from "./booking-form.tsx";

hydrateIsland("booking", BookingForm);

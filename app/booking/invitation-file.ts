import type { LoaderFunctionArgs } from "react-router";
import { invitationFile } from "./invitation-file.server.ts";

// The meeting's calendar file, at bookingRoutes.invitation and bookingRoutes.manageInvitation.
export const loader = ({ request, params }: LoaderFunctionArgs) => invitationFile(request, params.token);

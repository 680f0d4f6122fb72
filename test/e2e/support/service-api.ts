/** The test's own view of the service, with the key: what the extension did, as the service saw it. */
import { SeatListOutSchema, type SeatOut } from '../../../lib/contract/seats.ts';

export async function listSeats(baseUrl: string, apiKey: string): Promise<SeatOut[]> {
  const response = await fetch(`${baseUrl}/v1/seats/`, { headers: { Authorization: `Bearer ${apiKey}` } });
  if (!response.ok) throw new Error(`GET /v1/seats/ answered ${response.status}`);
  return SeatListOutSchema.parse(await response.json());
}

-- Version 8: a move's notation as the other players may see it, when its
-- canonical notation tells what only its player should know (the tokens
-- an exchange gave back); '' when the notation is public.
ALTER TABLE moves ADD COLUMN public TEXT NOT NULL DEFAULT '';

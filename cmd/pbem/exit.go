package main

// exitError is an error that ends the process with a given exit status. Its
// message is printed on stderr as it is, so it should be a sentence for
// the user, such as an engine refusal.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// exitWith wraps err so that the process exits with code.
func exitWith(code int, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: code, err: err}
}

// loggedError is an error the log already said, as the command's last
// line: execute exits with its status without printing it again.
type loggedError struct{ error }

func (e loggedError) Unwrap() error { return e.error }

// logged marks err as said by the log.
func logged(err error) error { return loggedError{err} }

package e2e

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
)

// phoneWidth and phoneHeight are a phone's screen in CSS pixels, as an
// iPhone 12 to 15 shows a mail or a page.
const (
	phoneWidth  = 390
	phoneHeight = 800
)

// newBrowser starts Debian's headless chromium (which .ci/run installs)
// at a phone's size, for the tests that look at pages as players do, and
// returns its context; it stops with the test. Without chromium the test
// is skipped, unless PBEM_E2E_BROWSER=1 (as .ci/run sets once it installed
// it), where that is a failure: CI never counts such a test as passed.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	var bin string
	for _, name := range []string{"chromium", "chromium-browser", "/usr/bin/chromium"} {
		if p, err := exec.LookPath(name); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		if os.Getenv("PBEM_E2E_BROWSER") == "1" {
			t.Fatal("PBEM_E2E_BROWSER=1 but no chromium is installed: apt-get install -y chromium")
		}
		t.Skip("no chromium on this machine: install Debian's chromium, or set PBEM_E2E_BROWSER=1 to make this a failure")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin),
		chromedp.Flag("disable-gpu", true), chromedp.WindowSize(phoneWidth, phoneHeight))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium's sandbox refuses to run as root
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return bctx
}

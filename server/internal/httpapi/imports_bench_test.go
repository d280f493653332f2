package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/sorteio/sorteio/server/internal/core"
	"github.com/sorteio/sorteio/server/internal/store/storetest"
	"github.com/sorteio/sorteio/sync/importfile"
)

// importFiles are 10,000 people of 10 tickets (100,000) as 'name;quantity'
// CSV and as an .xlsx, and as a ticket-sale export (one row per ticket,
// grouped by e-mail).
func importFiles(b *testing.B) map[string][]byte {
	var csv strings.Builder
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 10_000; i++ {
		name := fmt.Sprintf("Pessoa %d da Silva", i)
		fmt.Fprintf(&csv, "%s;10\r\n", name)
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := sw.SetRow(cell, []any{name, 10}); err != nil {
			b.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		b.Fatal(err)
	}
	var xlsx bytes.Buffer
	if err := f.Write(&xlsx); err != nil {
		b.Fatal(err)
	}
	return map[string][]byte{"compradores.csv": []byte(csv.String()), "compradores.xlsx": xlsx.Bytes(), "vendas.csv": importfile.TicketSale(10_000, 10)}
}

// postFile sends a file to the import API: its status and body.
func (c *benchClient) postFile(raffleID, name string, body []byte) (int, []byte) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(body)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.base+"/api/raffles/"+raffleID+"/import", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Origin", c.base)
	res, err := c.http.Do(req)
	if err != nil {
		c.b.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

func (c *benchClient) importFile(raffleID, name string, body []byte) {
	status, out := c.postFile(raffleID, name, body)
	if status != 200 || !strings.Contains(string(out), `"tickets":100000`) {
		c.b.Fatalf("import: %d %.300s", status, out)
	}
}

// The import API with 100,000 tickets, from upload to committed: the budget
// is 1.5 s. cpu-ms is this process's CPU time during the import (the server
// and SQLite, not PostgreSQL's processes): steadier than wall time on a busy
// machine.
func BenchmarkImportAPI100k(b *testing.B) {
	files := importFiles(b)
	for _, dialect := range storetest.Dialects() {
		for _, name := range []string{"compradores.csv", "compradores.xlsx", "vendas.csv"} {
			b.Run(dialect+"/"+name, func(b *testing.B) {
				var cpu time.Duration
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					base := benchServer(b, dialect)
					c := newBenchClient(b, base, fmt.Sprintf("imp%d@example.com", i), true)
					rid := core.NewID(time.Now())
					c.push(c.op(rid, "raffle.create", createPayload(rid, "K7P2QX")))
					b.StartTimer()
					cpu0 := processCPU()
					c.importFile(rid, name, files[name])
					cpu += processCPU() - cpu0
				}
				b.ReportMetric(float64(len(files[name])), "file-bytes")
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms")
				b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms")
			})
		}
	}
}

package archive

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// schemaPath is the published JSON Schema of the record.
const schemaPath = "../docs/archive.schema.json"

// schema is the part of JSON Schema docs/archive.schema.json uses.
type schema struct {
	Ref        string             `json:"$ref"`
	Type       string             `json:"type"`
	Const      any                `json:"const"`
	Enum       []any              `json:"enum"`
	Required   []string           `json:"required"`
	Properties map[string]*schema `json:"properties"`
	// Additional is additionalProperties when it is a schema: the schema
	// of every value of a map.
	Additional *schema            `json:"additionalProperties"`
	Items      *schema            `json:"items"`
	MinItems   *int               `json:"minItems"`
	Minimum    *float64           `json:"minimum"`
	Pattern    string             `json:"pattern"`
	Defs       map[string]*schema `json:"$defs"`
}

// knownKeywords are the keywords validate understands; the schema may use
// no other, so that nothing it says goes unchecked.
var knownKeywords = map[string]bool{
	"$schema": true, "$id": true, "title": true, "description": true, "$ref": true, "type": true, "const": true,
	"enum": true, "required": true, "properties": true, "additionalProperties": true, "items": true,
	"minItems": true, "minimum": true, "pattern": true, "$defs": true,
}

func loadSchema(t *testing.T) *schema {
	t.Helper()
	data, err := os.ReadFile(schemaPath)
	require.NoError(t, err)
	var raw any
	require.NoError(t, json.Unmarshal(data, &raw))
	checkKeywords(t, "", raw)
	var s schema
	require.NoError(t, json.Unmarshal(data, &s))
	return &s
}

// checkKeywords fails on a keyword validate would ignore.
func checkKeywords(t *testing.T, at string, v any) {
	t.Helper()
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	for k, sub := range obj {
		switch k {
		case "properties", "$defs":
			for name, s := range sub.(map[string]any) {
				checkKeywords(t, at+"/"+k+"/"+name, s)
			}
		case "items", "additionalProperties":
			checkKeywords(t, at+"/"+k, sub)
		default:
			assert.True(t, knownKeywords[k], "the schema uses %s at %q, which the test's validator does not check", k, at)
		}
	}
}

// validate checks v, a decoded JSON value, against s. With strict, an
// object's property the schema does not name is an error too: readers
// accept them (fields may be added under one format), but what pbem
// writes must be documented.
func validate(root, s *schema, v any, at string, strict bool) []string {
	if s.Ref != "" {
		name, ok := strings.CutPrefix(s.Ref, "#/$defs/")
		def := root.Defs[name]
		if !ok || def == nil {
			return []string{fmt.Sprintf("%s: unknown $ref %s", at, s.Ref)}
		}
		return validate(root, def, v, at, strict)
	}
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, args...)) }
	if s.Const != nil && fmt.Sprint(s.Const) != fmt.Sprint(v) {
		fail("is %v, not %v", v, s.Const)
	}
	if s.Enum != nil {
		found := false
		for _, e := range s.Enum {
			found = found || fmt.Sprint(e) == fmt.Sprint(v)
		}
		if !found {
			fail("%v is none of %v", v, s.Enum)
		}
	}
	switch s.Type {
	case "":
	case "string":
		str, ok := v.(string)
		if !ok {
			fail("is %T, not a string", v)
		} else if s.Pattern != "" && !regexp.MustCompile(s.Pattern).MatchString(str) {
			fail("%q does not match %s", str, s.Pattern)
		}
	case "integer", "number":
		n, ok := v.(json.Number)
		if !ok {
			fail("is %T, not a number", v)
			break
		}
		if _, err := n.Int64(); s.Type == "integer" && err != nil && !regexp.MustCompile(`^[0-9]+$`).MatchString(n.String()) {
			fail("%s is not an integer", n)
		}
		if f, _ := n.Float64(); s.Minimum != nil && f < *s.Minimum {
			fail("%s is less than %v", n, *s.Minimum)
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			fail("is %T, not a boolean", v)
		}
	case "array":
		arr, ok := v.([]any)
		if !ok {
			fail("is %T, not an array", v)
			break
		}
		if s.MinItems != nil && len(arr) < *s.MinItems {
			fail("has %d items, fewer than %d", len(arr), *s.MinItems)
		}
		if s.Items != nil {
			for i, item := range arr {
				errs = append(errs, validate(root, s.Items, item, fmt.Sprintf("%s[%d]", at, i), strict)...)
			}
		}
	case "object":
		obj, ok := v.(map[string]any)
		if !ok {
			fail("is %T, not an object", v)
			break
		}
		for _, r := range s.Required {
			if _, ok := obj[r]; !ok {
				fail("has no %q", r)
			}
		}
		for k, val := range obj {
			switch sub := s.Properties[k]; {
			case sub != nil:
				errs = append(errs, validate(root, sub, val, at+"."+k, strict)...)
			case s.Additional != nil:
				errs = append(errs, validate(root, s.Additional, val, at+"."+k, strict)...)
			case strict:
				fail("has %q, which the schema does not describe", k)
			}
		}
	default:
		fail("the schema's type %q is not one the test knows", s.Type)
	}
	return errs
}

// TestRecordMatchesSchema writes the record of a whole game of each type,
// as game export does, and validates it against docs/archive.schema.json;
// it also decodes into Record refusing unknown fields, so that the struct
// and the schema describe the same fields.
func TestRecordMatchesSchema(t *testing.T) {
	root := loadSchema(t)
	for _, s := range samples() {
		t.Run(s.name, func(t *testing.T) {
			p := play(t, s)
			p.moves[0].MessageID = "reply-1@example.org"
			data, err := json.Marshal(Build(p.game, p.moves, p.states[len(p.states)-1]))
			require.NoError(t, err)
			dec := json.NewDecoder(bytes.NewReader(data))
			dec.UseNumber()
			var v any
			require.NoError(t, dec.Decode(&v))
			assert.Empty(t, validate(root, root, v, "$", true))

			strictDec := json.NewDecoder(bytes.NewReader(data))
			strictDec.DisallowUnknownFields()
			var rec Record
			require.NoError(t, strictDec.Decode(&rec))
			assert.Equal(t, Format, rec.Format)
		})
	}
}

// TestSchemaValidatorRefuses holds the validator to failing: a record
// with each kind of fault is refused.
func TestSchemaValidatorRefuses(t *testing.T) {
	root := loadSchema(t)
	p := play(t, samples()[0])
	good, err := json.Marshal(Build(p.game, p.moves[:2], p.states[2]))
	require.NoError(t, err)
	for _, c := range []struct{ name, old, new, want string }{
		{"another format", `"format":"pbem-export-1"`, `"format":"pbem-export-2"`, "$.format"},
		{"a missing field", `"seed":1,`, ``, `has no "seed"`},
		{"a string for a number", `"seed":1,`, `"seed":"1",`, "$.seed: is string"},
		{"an undocumented field", `"seed":1,`, `"seed":1,"colour":"red",`, `"colour"`},
		{"a time in another layout", `"created_at":"2026-03-14 09:26:53Z"`, `"created_at":"2026-03-14T09:26:53Z"`, "does not match"},
		{"an unknown game", `"game":"amplitude"`, `"game":"chess"`, "$.game"},
		{"a negative seat", `"seat":1,"player"`, `"seat":-1,"player"`, "less than 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(string(good), c.old, c.new, 1)
			require.NotEqual(t, string(good), bad, "the case changes the record")
			dec := json.NewDecoder(strings.NewReader(bad))
			dec.UseNumber()
			var v any
			require.NoError(t, dec.Decode(&v))
			errs := validate(root, root, v, "$", true)
			require.NotEmpty(t, errs)
			assert.Contains(t, strings.Join(errs, "\n"), c.want)
		})
	}
}

// TestArchiveDocDescribesEverySchemaField holds docs/archive.md to the
// schema: every field the schema names is written in the document.
func TestArchiveDocDescribesEverySchemaField(t *testing.T) {
	root := loadSchema(t)
	doc, err := os.ReadFile("../docs/archive.md")
	require.NoError(t, err)
	fields := map[string]bool{}
	var walk func(s *schema)
	walk = func(s *schema) {
		for name, sub := range s.Properties {
			fields[name] = true
			walk(sub)
		}
		if s.Items != nil {
			walk(s.Items)
		}
	}
	walk(root)
	for _, d := range root.Defs {
		walk(d)
	}
	var names []string
	for f := range fields {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		assert.Contains(t, string(doc), "`"+f+"`", "docs/archive.md should describe the field %s", f)
	}
	assert.Contains(t, string(doc), Format, "docs/archive.md names the format")
	for _, s := range samples() {
		assert.Contains(t, fmt.Sprint(root.Properties["game"].Enum), s.kind.ID(), "the schema lists every game type")
	}
}

# Builds the one binary (PWA embedded) and runs it on a small image.
FROM node:20-bookworm AS pwa
WORKDIR /src
COPY package.json package-lock.json ./
COPY pwa/package.json pwa/
COPY e2e/package.json e2e/
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY pwa pwa
RUN npm run -w pwa build

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=pwa /src/pwa/dist pwa/dist
RUN CGO_ENABLED=0 go build -tags embedpwa -o /out/sorteio ./server/cmd/sorteio

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=server /out/sorteio /sorteio
ENV ADDR=:8080 SQLITE_PATH=/data/sorteio.db
EXPOSE 8080
VOLUME /data
ENTRYPOINT ["/sorteio"]

import type { DeploySettings } from './deploy-settings.js';
import { dockerfile, dockerignore } from './docker-files.js';
import { flyToml } from './fly-files.js';
import { count } from '../cli/table.js';
import { dataClaim, dataClaimName, deployment, kustomization, manifestYaml, podDisruptionBudget, service } from './kubernetes-files.js';

/**
 * A file of a target. `own` files are the target's: an existing one stops the run unless `--force`.
 * `shared` ones (the Dockerfile that Kubernetes and Fly build from) are written when missing and kept
 * when present, unless `--force`.
 */
export interface DeployFile {
  readonly path: string;
  readonly content: string;
  readonly role: 'own' | 'shared';
  readonly about: string;
}

/** A deployment target of `kit deploy:init`. */
export interface DeployTarget {
  readonly name: string;
  readonly summary: string;
  files(settings: DeploySettings): DeployFile[];
  next(settings: DeploySettings): string[];
}

function imageFiles(settings: DeploySettings, role: DeployFile['role']): DeployFile[] {
  return [
    {
      path: 'Dockerfile',
      content: dockerfile(settings),
      role,
      about: `multi-stage image: kit build, then kit start as user node; HEALTHCHECK on ${settings.healthPath}`,
    },
    {
      path: '.dockerignore',
      content: dockerignore(),
      role,
      about: 'keeps node_modules, .kit, local databases and .env files out of the build',
    },
  ];
}

/** The targets, by name. */
export const deployTargets: readonly DeployTarget[] = [
  {
    name: 'docker',
    summary: 'a container image: Dockerfile and .dockerignore',
    files: (settings) => imageFiles(settings, 'own'),
    next: (settings) => [
      `Next: docker build -t ${settings.name} . && docker run --rm -p ${settings.port}:${settings.port} ${settings.name}`,
    ],
  },
  {
    name: 'kubernetes',
    summary:
      'Kubernetes manifests in deploy/kubernetes/ (Deployment, Service, PodDisruptionBudget or volume claim), and the Dockerfile to build the image',
    files: (settings) => {
      const { app } = settings;
      const parts = [
        `${count(settings.replicas, 'replica')} of ${settings.image}`,
        ...(app.migrates ? ['kit db:push in an init container before the app starts'] : []),
        ...(app.dataFolder === null ? [] : [`volume ${dataClaimName(settings)} at ${app.dataFolder}`]),
        `startup, readiness and liveness probes on ${settings.healthPath}; resources`,
      ];
      const manifests: DeployFile[] = [
        {
          path: 'deploy/kubernetes/deployment.yaml',
          content: manifestYaml(deployment(settings), 'the app'),
          role: 'own',
          about: parts.join('; '),
        },
        {
          path: 'deploy/kubernetes/service.yaml',
          content: manifestYaml(service(settings), 'the Service in front of the pods'),
          role: 'own',
          about: `ClusterIP service, port 80 to ${settings.port}`,
        },
      ];
      // With one pod, a budget of one available pod would stop every node drain: there is none then.
      if (settings.replicas > 1) {
        manifests.push({
          path: 'deploy/kubernetes/pdb.yaml',
          content: manifestYaml(podDisruptionBudget(settings), 'the PodDisruptionBudget'),
          role: 'own',
          about: 'PodDisruptionBudget: at least 1 pod available during drains',
        });
      }
      if (app.dataFolder !== null) {
        manifests.push({
          path: 'deploy/kubernetes/pvc.yaml',
          content: manifestYaml(dataClaim(settings), `the volume of ${app.sqliteFile}`),
          role: 'own',
          about: `PersistentVolumeClaim ${dataClaimName(settings)}: 1Gi, ReadWriteOnce, for ${app.sqliteFile}`,
        });
      }
      const resources = manifests.map((file) => file.path.slice('deploy/kubernetes/'.length));
      return [
        ...manifests,
        {
          path: 'deploy/kubernetes/kustomization.yaml',
          content: kustomization(resources),
          role: 'own',
          about: 'lists the manifests for kubectl apply -k',
        },
        ...imageFiles(settings, 'shared'),
      ];
    },
    next: (settings) => [
      `Next: build and push the image (docker build -t ${settings.image} . && docker push ${settings.image}),`,
      `put secrets in a Secret (kubectl create secret generic ${settings.name}-env --from-literal=DATABASE_URL=...),`,
      'then kubectl apply -k deploy/kubernetes',
    ],
  },
  {
    name: 'fly',
    summary: 'Fly.io: fly.toml, and the Dockerfile it builds',
    files: (settings) => [
      {
        path: 'fly.toml',
        content: flyToml(settings),
        role: 'own',
        about: `app ${settings.name}; HTTPS; health check on ${settings.healthPath}`,
      },
      ...imageFiles(settings, 'shared'),
    ],
    next: () => ['Next: fly launch --copy-config --no-deploy (once), fly secrets set DATABASE_URL=... if needed, then fly deploy'],
  },
];
